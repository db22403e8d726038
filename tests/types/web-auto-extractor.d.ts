// The package ships no types; this is the part of its API the tests use (see its README).
declare module "@marbec/web-auto-extractor" {
  import type { ExtractedData } from "@adobe/structured-data-validator";
  export default class WebAutoExtractor {
    constructor(options?: {
      addLocation?: boolean;
      embedSource?: boolean | string[];
      skipEmptyHeadings?: boolean;
      skipLayoutElements?: boolean;
    });
    parse(html: string): ExtractedData & {
      metatags?: Record<string, string[]>;
      jsonld: Record<string, Record<string, unknown>[]>;
    };
  }
}
