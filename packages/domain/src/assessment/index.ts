export * from './item-analysis';
export * from './answer-key-items';
