// The package ships no types; this is the part of its API the tests use (see its README).
declare module "@adobe/structured-data-validator" {
  export type ValidationIssue = {
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    path?: unknown[];
    fieldNames?: string[];
    rootType?: string;
  };
  /** Input as @marbec/web-auto-extractor shapes it: items by format, then by root type. */
  export type ExtractedData = {
    jsonld?: Record<string, Record<string, unknown>[]>;
    microdata?: Record<string, Record<string, unknown>[]>;
    rdfa?: Record<string, Record<string, unknown>[]>;
    errors?: unknown[];
  };
  // The package's entry exports the class as its default only.
  export default class Validator {
    /** Without the schema.org vocabulary only Google's rich-result rules run. */
    constructor(schemaOrgJson?: unknown);
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
