import { AboutSection } from '../home/about-section.js';
import { EventsCarousel } from '../home/events-carousel.js';
import { Hero } from '../home/hero.js';
import { LatestPosts } from '../home/latest-posts.js';
import { SponsorStrip } from '../home/sponsor-strip.js';
import styles from '../home/home.module.css';

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
