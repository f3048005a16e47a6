import img1990 from '../../assets/timeline/1990.svg';
import img1995 from '../../assets/timeline/1995.svg';
import img2000 from '../../assets/timeline/2000.svg';
import img2004 from '../../assets/timeline/2004.svg';
import img2008 from '../../assets/timeline/2008.svg';
import img2015 from '../../assets/timeline/2015.svg';
import img2018 from '../../assets/timeline/2018.svg';
import img2020 from '../../assets/timeline/2020.svg';

/** One milestone of "The Adelaide Story" on /about: its title, story and picture description are the catalog's `y<year>.*` texts. */
export interface TimelineEntry {
  year: TimelineYear;
  /** URL of the 4:3 illustration (an SVG emitted by the build). */
  image: string;
}

export type TimelineYear = 1990 | 1995 | 2000 | 2004 | 2008 | 2015 | 2018 | 2020;

export const TIMELINE: TimelineEntry[] = [
  { year: 1990, image: img1990 },
  { year: 1995, image: img1995 },
  { year: 2000, image: img2000 },
  { year: 2004, image: img2004 },
  { year: 2008, image: img2008 },
  { year: 2015, image: img2015 },
  { year: 2018, image: img2018 },
  { year: 2020, image: img2020 },
];
