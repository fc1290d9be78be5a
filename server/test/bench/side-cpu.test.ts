import { describe, expect, test } from 'vitest';
import { stepCost, stepWindows, type CpuSample } from '../../bench/side-cpu.ts';

const sample = (
  at: number,
  machine: number,
  postgres: Record<string, number>,
  replicas: Record<string, number>,
): CpuSample => ({
  at,
  machine,
  postgres: new Map(Object.entries(postgres)),
  replicas: new Map(Object.entries(replicas)),
});

describe('the steps of a bench, read from its output', () => {
  test('the first step after the warm-up starts when the warm-up ended', () => {
    const windows = stepWindows();
    windows.read('warm-up, counted for no capacity: 50 calls/s for 10 s, 0 failed', 1_000);
    expect(windows.read('50 calls/s for 30 s: 1500 lifecycles, 0 failed', 31_500)).toEqual({
      rate: 50,
      lifecycles: 1500,
      startedAt: 1_000,
      endedAt: 31_500,
    });
  });

  test('each later step starts when the one before it was printed', () => {
    const windows = stepWindows();
    windows.read('50 calls/s for 30 s: 1500 lifecycles, 0 failed', 30_000);
    windows.read('  inbound   n=  1500  p50 5.0 ms  p99 40.0 ms  errors 0', 30_010);
    expect(windows.read('100 calls/s for 30 s: 3000 lifecycles, 0 failed', 61_000)?.startedAt).toBe(30_000);
  });

  test('a first step with nothing printed before it is taken as its nominal length', () => {
    const windows = stepWindows();
    expect(windows.read('50 calls/s for 30 s: 1500 lifecycles, 0 failed', 40_000)?.startedAt).toBe(10_000);
  });

  test('a line that ends no step answers nothing', () => {
    expect(stepWindows().read('seeding 10000 families…', 5)).toBeUndefined();
  });
});

describe('what a step cost the machine per lifecycle', () => {
  test('is read on the line between the samples either side of its start and of its end', () => {
    const samples = [0, 1_000, 2_000, 3_000].map((at) =>
      sample(at, at * 100, { '10': at * 40 }, { '20': at * 50 }),
    );
    const cost = stepCost(samples, { rate: 50, lifecycles: 10, startedAt: 500, endedAt: 2_500 });
    // Between 500 and 2500 ms the machine used 200,000 µs: 20 ms for each of 10 lifecycles.
    expect(cost).toEqual({ machine: 20, postgres: 8, replicas: 10 });
  });

  test('counts a Postgres backend that started during the step from zero', () => {
    const samples = [
      sample(0, 0, { '10': 1_000_000 }, { '20': 0 }),
      sample(1_000, 0, { '10': 1_000_000, '11': 30_000 }, { '20': 0 }),
    ];
    const cost = stepCost(samples, { rate: 50, lifecycles: 3, startedAt: 0, endedAt: 1_000 });
    expect(cost?.postgres).toBe(10);
  });

  test('has no figure when the samples do not reach back to its start', () => {
    const samples = [sample(1_000, 0, {}, { '20': 0 }), sample(2_000, 100, {}, { '20': 100 })];
    expect(stepCost(samples, { rate: 50, lifecycles: 1, startedAt: 500, endedAt: 2_000 })).toBeUndefined();
  });
});
