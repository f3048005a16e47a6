import img1990 from '../../assets/timeline/1990.svg';
import img1995 from '../../assets/timeline/1995.svg';
import img2000 from '../../assets/timeline/2000.svg';
import img2004 from '../../assets/timeline/2004.svg';
import img2008 from '../../assets/timeline/2008.svg';
import img2015 from '../../assets/timeline/2015.svg';
import img2018 from '../../assets/timeline/2018.svg';
import img2020 from '../../assets/timeline/2020.svg';

/** One milestone of "The Adelaide Story" on /about. */
export interface TimelineEntry {
  year: number;
  title: string;
  text: string;
  /** URL of the 4:3 illustration (an SVG emitted by the build). */
  image: string;
  /** What the illustration shows, for screen readers. */
  alt: string;
}

export const TIMELINE: TimelineEntry[] = [
  {
    year: 1990,
    title: 'Families gather',
    text:
      'A handful of Tamil families, most of them new to Adelaide, began meeting on Sunday afternoons in one another’s backyards. ' +
      'Over tea and home-cooked food they shared news from home, helped newcomers find work and housing, and let the children play together in Tamil.',
    image: img1990,
    alt: 'Families sitting on a picnic mat in a suburban backyard under a gum tree while children play with a ball.',
  },
  {
    year: 1995,
    title: 'An association is born',
    text:
      'With more than sixty families now taking part, the group adopted a constitution, elected its first committee and became an incorporated association in South Australia. ' +
      'Membership fees of a few dollars a year paid for hall hire and the first newsletter.',
    image: img1995,
    alt: 'The first committee standing behind a table with the certificate of incorporation, its red ribbon and gold seal.',
  },
  {
    year: 2000,
    title: 'Our first Pongal festival',
    text:
      'The harvest festival moved from family kitchens to a public park, where pots of sweet pongal boiled over on open fires as everyone called out “Pongalo Pongal!”. ' +
      'Around three hundred people came, and the festival has been held every January since.',
    image: img2000,
    alt: 'A clay pongal pot boiling over on a wood fire between sugarcane stalks, with a kolam on the ground and people cheering under the morning sun.',
  },
  {
    year: 2004,
    title: 'Tamil school opens',
    text:
      'Volunteer teachers started Saturday morning Tamil classes in a borrowed school building, beginning with twenty-five children in three levels. ' +
      'Reading, writing, songs and stories helped a generation born in Australia keep the language of their grandparents.',
    image: img2004,
    alt: 'A teacher pointing at Tamil letters on a blackboard in front of children sitting at their desks.',
  },
  {
    year: 2008,
    title: 'Deepavali night',
    text:
      'The first Deepavali night filled a community hall with oil lamps, a rangoli at the door, music, dance and a shared dinner. ' +
      'Friends from neighbouring communities joined in, and the evening became one of the most loved dates on our calendar.',
    image: img2008,
    alt: 'A community hall strung with coloured lights at night, fireworks overhead, clay lamps and a rangoli in front, and families celebrating.',
  },
  {
    year: 2015,
    title: 'Youth programs',
    text:
      'Young members formed their own committee and launched sports days, debating evenings, leadership workshops and volunteering drives. ' +
      'The annual youth cricket match quickly became a fixture that brings parents, grandparents and friends to the oval.',
    image: img2015,
    alt: 'Young people in cricket whites playing a match on a suburban oval lined with gum trees while family members cheer.',
  },
  {
    year: 2018,
    title: 'A home of our own',
    text:
      'Members voted to start a community centre fund so that classes, festivals and meetings can one day share a permanent home. ' +
      'Every membership and many event tickets contribute, and plans for a hall with classrooms and a library were drawn up.',
    image: img2018,
    alt: 'An architect’s drawing of the planned community centre beside a fundraising thermometer, a stack of bricks and coins.',
  },
  {
    year: 2020,
    title: 'Together, online',
    text:
      'When the pandemic closed halls and schools, Tamil classes, poetry evenings and even the Pongal greetings moved online. ' +
      'Volunteers checked in on older members by phone, and families across the state lit their lamps together on screen.',
    image: img2020,
    alt: 'A laptop showing six members on a video call, beside a lit brass kuthuvilakku lamp and a night window with a crescent moon.',
  },
];
