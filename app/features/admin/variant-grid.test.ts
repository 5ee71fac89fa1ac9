import { describe, expect, it } from 'vitest';
import { checkGrid, emptyCell, gridKey, gridPayload, gridRows, NONE } from './variant-grid';

const sizes = [
  { uid: 's1', name: 'S' },
  { uid: 's2', name: 'M' },
];
const colors = [
  { uid: 'c1', name: 'Black', hex: '#1B1B1B' },
  { uid: 'c2', name: 'Olive', hex: '#5A5A36' },
];

describe('the editor grid', () => {
  it('lists colours, then sizes within a colour, and a product of neither as one row', () => {
    expect(gridRows(sizes, colors).map((row) => row.label)).toEqual([
      'S / Black',
      'M / Black',
      'S / Olive',
      'M / Olive',
    ]);
    expect(gridRows([], [])).toEqual([
      { key: gridKey(NONE, NONE), size: null, color: null, label: 'The product' },
    ]);
  });

  it('sends the rows the shop sells, blank SKU, price, cost and low level as null, with the keys its answers map back to', () => {
    const cells = {
      [gridKey('s1', 'c1')]: { ...emptyCell(), stock: '3', sku: ' ros-1-s-blc ' },
      [gridKey('s2', 'c1')]: { ...emptyCell(), sold: false, stock: '9' },
      [gridKey('s1', 'c2')]: {
        ...emptyCell(),
        stock: '0',
        price: '31500',
        cost: ' 12000 ',
        lowStockThreshold: '2',
      },
    };
    const { rows, keys } = gridPayload(sizes, colors, cells);
    expect(keys).toEqual([gridKey('s1', 'c1'), gridKey('s1', 'c2'), gridKey('s2', 'c2')]);
    expect(rows).toEqual([
      {
        size: 'S',
        color: 'Black',
        sku: 'ros-1-s-blc',
        stock: '3',
        price: null,
        cost: null,
        lowStockThreshold: null,
      },
      {
        size: 'S',
        color: 'Olive',
        sku: null,
        stock: '0',
        price: '31500',
        cost: '12000',
        lowStockThreshold: '2',
      },
      // A combination the editor has no figures for yet: sold, with 0 units, no cost, the shop's low level.
      { size: 'M', color: 'Olive', sku: null, stock: '0', price: null, cost: null, lowStockThreshold: null },
    ]);
  });

  it('stops what the API would refuse, next to its cell', () => {
    const cells = {
      [gridKey('s1', 'c1')]: { ...emptyCell(), stock: '-1' },
      [gridKey('s2', 'c1')]: { ...emptyCell(), stock: '2.5', price: '0' },
      [gridKey('s1', 'c2')]: { ...emptyCell(), sku: 'OLV 1', price: '12.345' },
      [gridKey('s2', 'c2')]: { ...emptyCell(), sku: 'ros-9' },
      [gridKey(NONE, NONE)]: { ...emptyCell(), sku: 'ROS-9' },
    };
    const errors = checkGrid(sizes, colors, cells);
    expect(errors[gridKey('s1', 'c1')]).toEqual({ stock: 'Stock cannot be below zero.' });
    expect(errors[gridKey('s2', 'c1')]).toEqual({
      stock: 'Enter the stock as a whole number.',
      price: 'The price must be more than ₦0.',
    });
    expect(errors[gridKey('s1', 'c2')]).toEqual({
      sku: 'Use letters, digits and - _ . / only.',
      price: 'Use at most two decimals.',
    });
    expect(errors[gridKey('s2', 'c2')]).toBeUndefined();

    const costs = checkGrid(sizes, colors, {
      [gridKey('s1', 'c1')]: { ...emptyCell(), cost: '-1', lowStockThreshold: '-2' },
      [gridKey('s2', 'c1')]: { ...emptyCell(), cost: 'abc', lowStockThreshold: '2.5' },
      [gridKey('s1', 'c2')]: { ...emptyCell(), cost: '12.345', lowStockThreshold: '10001' },
      [gridKey('s2', 'c2')]: { ...emptyCell(), cost: '0', lowStockThreshold: '0' },
    });
    const level = 'Enter the low-stock level as a whole number from 0 to 10,000.';
    expect(costs[gridKey('s1', 'c1')]).toEqual({
      cost: 'A cost cannot be below ₦0.',
      lowStockThreshold: level,
    });
    expect(costs[gridKey('s2', 'c1')]).toEqual({
      cost: 'Enter the cost in naira, or leave it empty if you do not know it.',
      lowStockThreshold: level,
    });
    expect(costs[gridKey('s1', 'c2')]).toEqual({
      cost: 'Use at most two decimals.',
      lowStockThreshold: level,
    });
    expect(costs[gridKey('s2', 'c2')]).toBeUndefined();

    const twice = checkGrid(sizes, colors, {
      [gridKey('s1', 'c1')]: { ...emptyCell(), sku: 'ros-9' },
      [gridKey('s2', 'c1')]: { ...emptyCell(), sku: 'ROS-9' },
    });
    expect(twice[gridKey('s2', 'c1')]).toEqual({ sku: 'ROS-9 is used twice in the grid.' });

    const none = Object.fromEntries(
      gridRows(sizes, colors).map((row) => [row.key, { ...emptyCell(), sold: false }]),
    );
    expect(checkGrid(sizes, colors, none)).toEqual({
      [gridKey('s1', 'c1')]: { row: 'Keep at least one size and colour in the grid.' },
    });
  });
});
