// Types of table-owners.js (plain JavaScript so eslint.config.js can import it).
export declare const TABLE_OWNERS: Record<string, string>;
export declare const PRIVACY_EXCEPTION: { feature: string; writesThroughOwner: string[] };
export declare const CROSS_READS: Record<string, string[]>;
