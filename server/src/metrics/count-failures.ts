/**
 * Wraps a provider so every method whose promise rejects is reported (for the provider error
 * counter) without touching each adapter; `instanceof` and the provider's own fields still work.
 */
export function countFailures<T extends object>(
  provider: T,
  name: string,
  onFailure: (provider: string, operation: string) => void,
): T {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            onFailure(name, property);
            throw error;
          });
        }
        return result;
      };
    },
  });
}
