/**
 * The statements this process has sent to its database, over every pool and connection (BEGIN and
 * COMMIT count; a script of several statements sent as one query counts once, as it is one round
 * trip). A count, unlike a time, does not move with the machine: the bench reads it per call
 * lifecycle from /metrics, and an operator sees statements per second beside the webhooks' rate.
 */
let sent = 0;

export function countStatement(): void {
  sent += 1;
}

export const statementsSent = (): number => sent;
