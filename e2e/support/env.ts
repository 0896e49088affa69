/** Where the journeys' server listens and the operator token they use. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_OPS_TOKEN = 'e2e-operator-token-0123456789abcdefgh';
