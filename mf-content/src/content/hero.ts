import kurinjiUrl from '../assets/hero/kurinji.svg';
import mullaiUrl from '../assets/hero/mullai.svg';
import maruthamUrl from '../assets/hero/marutham.svg';
import neythalUrl from '../assets/hero/neythal.svg';
import paalaiUrl from '../assets/hero/paalai.svg';

/**
 * One background of the home page hero: the five landscapes (thinai) of Sangam Tamil poetry.
 * The pictures carry no text; `name`, `tamil` and `caption` are shown on the page.
 */
export interface HeroSlide {
  id: string;
  /** The landscape's name in English letters. */
  name: string;
  /** The landscape's name in Tamil script. */
  tamil: string;
  /** One line about the landscape; it also serves as the picture's description. */
  caption: string;
  /** URL of the illustration (an SVG emitted by the build). */
  image: string;
}

export const HERO_SLIDES: HeroSlide[] = [
  {
    id: 'kurinji',
    name: 'Kurinji',
    tamil: 'குறிஞ்சி',
    caption: 'Mountains — misty ranges, a waterfall at first light and hillsides of blue kurinji blossom.',
    image: kurinjiUrl,
  },
  {
    id: 'mullai',
    name: 'Mullai',
    tamil: 'முல்லை',
    caption: 'Forest and pasture — monsoon rain over the woods, grazing cattle and wild jasmine in flower.',
    image: mullaiUrl,
  },
  {
    id: 'marutham',
    name: 'Marutham',
    tamil: 'மருதம்',
    caption: 'Farmland — morning over green paddy fields, water channels, a village and its temple tower.',
    image: maruthamUrl,
  },
  {
    id: 'neythal',
    name: 'Neythal',
    tamil: 'நெய்தல்',
    caption: 'Seashore — catamarans sailing home at sunset and blue water lilies in the backwater.',
    image: neythalUrl,
  },
  {
    id: 'paalai',
    name: 'Paalai',
    tamil: 'பாலை',
    caption: 'Wasteland — cracked earth under the midday sun, a lone traveller and a leafless tree.',
    image: paalaiUrl,
  },
];
