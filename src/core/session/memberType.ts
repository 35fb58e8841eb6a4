/** Member (customer) types of docs/product.md §1. */
export const MemberType = {
  VISITOR: -1,
  MEMBER: 0,
  AGENT: 1,
  AGENT_2: 2,
  /** No chat permission; skips the language sync. */
  RESTRICTED: 4,
} as const;

export type MemberTypeValue = (typeof MemberType)[keyof typeof MemberType];

export const isAgent = (type: number) => type === MemberType.AGENT || type === MemberType.AGENT_2;
