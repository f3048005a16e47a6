export function compileCatalog(source: string, file?: string): Record<string, unknown>;
export default function catalogLoader(this: { resourcePath: string }, source: string): string;
