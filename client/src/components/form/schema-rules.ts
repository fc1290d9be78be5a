/** What zod hands a refinement's `when`: the value so far and the problems found in it. */
interface Payload {
  issues: readonly { path?: readonly PropertyKey[] }[];
}

/**
 * The `when` of a rule across fields (`schema.refine(rule, { path: [field], when: ... })`): zod
 * runs it even though other fields are wrong, so every problem shows at once, but not once the
 * field it reports on already has a problem of its own (the field shows its first one).
 */
export function unlessInvalid(field: string) {
  return (payload: Payload) => !payload.issues.some((issue) => issue.path?.[0] === field);
}
