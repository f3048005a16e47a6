// `./art.svg?width=…&height=…&as=webp` resolves to the URL of a WebP the build draws from the SVG
// (the raster rule of @tca/rspack-preset).
declare module '*&as=webp' {
  const url: string;
  export default url;
}
