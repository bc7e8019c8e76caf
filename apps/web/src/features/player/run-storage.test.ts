import { describe, expect, it } from 'vitest';
import { createRunStorage } from './run-storage';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
};

describe('run storage', () => {
  it('keeps one run per join code', () => {
    const storage = createRunStorage(memoryStorage());
    storage.save('ABC123', { gameId: 'g1', runToken: 'tok', nickname: 'Ann' });
    storage.save('XYZ999', { gameId: 'g2', runToken: null, nickname: 'Bob' });
    expect(storage.load('ABC123')).toEqual({ gameId: 'g1', runToken: 'tok', nickname: 'Ann' });
    expect(storage.load('XYZ999')).toEqual({ gameId: 'g2', runToken: null, nickname: 'Bob' });
    storage.forget('ABC123');
    expect(storage.load('ABC123')).toBeNull();
  });

  it('reads nothing from a damaged entry or a browser that refuses storage', () => {
    const memory = memoryStorage();
    memory.items.set('resim.play.ABC123', '{"gameId":');
    expect(createRunStorage(memory).load('ABC123')).toBeNull();
    for (const shape of [
      '{"gameId":"","runToken":null,"nickname":"Ann"}',
      '{"gameId":"g1","runToken":"","nickname":"Ann"}',
      '{"gameId":"g1","runToken":7,"nickname":"Ann"}',
      '{"gameId":"g1","runToken":null}',
      '"g1"',
      'null',
    ]) {
      memory.items.set('resim.play.ABC123', shape);
      expect(createRunStorage(memory).load('ABC123'), shape).toBeNull();
    }
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const storage = createRunStorage(refusing);
    expect(() => storage.save('ABC123', { gameId: 'g1', runToken: null, nickname: 'Ann' })).not.toThrow();
    expect(storage.load('ABC123')).toBeNull();
  });
});
