// Types of scripts/test-chrome.mjs for the TypeScript tests.
export declare const FULL_CHROMIUM: string;
export declare const HEADLESS_SHELL: string;
export declare const CHROME_ARGS: string[];
export declare function testChromePath(options?: { full?: boolean }): string;
