import { AboutSection } from '../../features/home/components/about-section.js';
import { EventsCarousel } from '../../features/events/components/events-carousel.js';
import { Hero } from '../../features/home/components/hero.js';
import { LatestPosts } from '../../features/blog/components/latest-posts.js';
import { SponsorStrip } from '../../features/home/components/sponsor-strip.js';
import styles from '../../shared/home-sections.module.css';

const ABOUT_ID = 'about';

/** / (spec §2.3): hero, About Us, Mission and Vision, sponsors, the latest posts, the events carousel. */
export function HomePage() {
  return (
    <div className={styles.home}>
      <Hero aboutId={ABOUT_ID} />
      <AboutSection id={ABOUT_ID} />
      <SponsorStrip />
      <LatestPosts />
      <EventsCarousel />
    </div>
  );
}
