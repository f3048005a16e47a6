import kurinjiPortrait from '../../assets/hero/kurinji.svg?width=600&height=800&as=webp';
import kurinjiMedium from '../../assets/hero/kurinji.svg?width=1280&height=720&as=webp';
import kurinjiLarge from '../../assets/hero/kurinji.svg?width=1920&height=1080&as=webp';
import mullaiPortrait from '../../assets/hero/mullai.svg?width=600&height=800&as=webp';
import mullaiMedium from '../../assets/hero/mullai.svg?width=1280&height=720&as=webp';
import mullaiLarge from '../../assets/hero/mullai.svg?width=1920&height=1080&as=webp';
import maruthamPortrait from '../../assets/hero/marutham.svg?width=600&height=800&as=webp';
import maruthamMedium from '../../assets/hero/marutham.svg?width=1280&height=720&as=webp';
import maruthamLarge from '../../assets/hero/marutham.svg?width=1920&height=1080&as=webp';
import neythalPortrait from '../../assets/hero/neythal.svg?width=600&height=800&as=webp';
import neythalMedium from '../../assets/hero/neythal.svg?width=1280&height=720&as=webp';
import neythalLarge from '../../assets/hero/neythal.svg?width=1920&height=1080&as=webp';
import paalaiPortrait from '../../assets/hero/paalai.svg?width=600&height=800&as=webp';
import paalaiMedium from '../../assets/hero/paalai.svg?width=1280&height=720&as=webp';
import paalaiLarge from '../../assets/hero/paalai.svg?width=1920&height=1080&as=webp';

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
  /** The illustration (an SVG in assets/hero), as WebP files the build draws from it. */
  image: HeroImage;
}

/**
 * One landscape in the sizes the build renders: a 3:4 crop of its middle for portrait screens (phones)
 * and the whole 16:9 picture at two widths for the rest.
 */
export interface HeroImage {
  /** 600 × 800 (5 files, 42 KB): under the hero's dark shade more pixels look no better on a phone. */
  portrait: string;
  /** 1280 × 720. */
  medium: string;
  /** 1920 × 1080. */
  large: string;
}

export const HERO_SLIDES: HeroSlide[] = [
  {
    id: 'kurinji',
    name: 'Kurinji',
    tamil: 'குறிஞ்சி',
    caption: 'Mountains — misty ranges, a waterfall at first light and hillsides of blue kurinji blossom.',
    image: { portrait: kurinjiPortrait, medium: kurinjiMedium, large: kurinjiLarge },
  },
  {
    id: 'mullai',
    name: 'Mullai',
    tamil: 'முல்லை',
    caption: 'Forest and pasture — monsoon rain over the woods, grazing cattle and wild jasmine in flower.',
    image: { portrait: mullaiPortrait, medium: mullaiMedium, large: mullaiLarge },
  },
  {
    id: 'marutham',
    name: 'Marutham',
    tamil: 'மருதம்',
    caption: 'Farmland — morning over green paddy fields, water channels, a village and its temple tower.',
    image: { portrait: maruthamPortrait, medium: maruthamMedium, large: maruthamLarge },
  },
  {
    id: 'neythal',
    name: 'Neythal',
    tamil: 'நெய்தல்',
    caption: 'Seashore — catamarans sailing home at sunset and blue water lilies in the backwater.',
    image: { portrait: neythalPortrait, medium: neythalMedium, large: neythalLarge },
  },
  {
    id: 'paalai',
    name: 'Paalai',
    tamil: 'பாலை',
    caption: 'Wasteland — cracked earth under the midday sun, a lone traveller and a leafless tree.',
    image: { portrait: paalaiPortrait, medium: paalaiMedium, large: paalaiLarge },
  },
];
