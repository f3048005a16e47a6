export function compileCatalog(source: string, file?: string): Record<string, unknown>;
export function englishModule(source: string, file?: string): string;
export default function catalogLoader(this: { resourcePath: string }, source: string): string;
