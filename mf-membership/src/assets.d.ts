// Image files imported by the pages resolve to their hashed URL (Rspack `asset/resource`).
declare module '*.svg' {
  const url: string;
  export default url;
}
