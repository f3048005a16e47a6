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
 * The pictures carry no text; `name`, `tamil` and the caption (content.home's text keyed by `id`) are
 * shown on the page.
 */
export interface HeroSlide {
  id: 'kurinji' | 'mullai' | 'marutham' | 'neythal' | 'paalai';
  /** The landscape's name in English letters. */
  name: string;
  /** The landscape's name in Tamil script. */
  tamil: string;
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
    image: { portrait: kurinjiPortrait, medium: kurinjiMedium, large: kurinjiLarge },
  },
  {
    id: 'mullai',
    name: 'Mullai',
    tamil: 'முல்லை',
    image: { portrait: mullaiPortrait, medium: mullaiMedium, large: mullaiLarge },
  },
  {
    id: 'marutham',
    name: 'Marutham',
    tamil: 'மருதம்',
    image: { portrait: maruthamPortrait, medium: maruthamMedium, large: maruthamLarge },
  },
  {
    id: 'neythal',
    name: 'Neythal',
    tamil: 'நெய்தல்',
    image: { portrait: neythalPortrait, medium: neythalMedium, large: neythalLarge },
  },
  {
    id: 'paalai',
    name: 'Paalai',
    tamil: 'பாலை',
    image: { portrait: paalaiPortrait, medium: paalaiMedium, large: paalaiLarge },
  },
];
