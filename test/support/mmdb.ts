/**
 * A tiny MaxMind DB writer for tests: builds a `.mmdb` file (format 2.0, IPv6 tree, 24-bit records)
 * that maps a few networks to records, following "MaxMind DB File Format Specification" 2.0
 * (search tree of node_count nodes, two records each; a 16-byte zero separator; the data section;
 * "\xAB\xCD\xEFMaxMind.com" then the metadata map). IPv4 networks go under ::/96, where readers
 * look IPv4 addresses up in an IPv6 tree. No MaxMind test database ships in an npm package we
 * could use, and real GeoLite2 files are large and licensed apart: this writes one of a few
 * hundred bytes.
 *
 * Values: strings (utf8_string), non-negative integers below 2^32 (uint32), other numbers
 * (double), booleans, arrays and plain objects (maps). Enough for GeoIP2 City records
 * (`{ country: { iso_code }, city: { names: { en } } }`).
 */

type Value = string | number | boolean | Value[] | { [key: string]: Value };

const TYPE = {
  pointer: 1,
  utf8: 2,
  double: 3,
  bytes: 4,
  uint16: 5,
  uint32: 6,
  map: 7,
  int32: 8,
  uint64: 9,
  uint128: 10,
  array: 11,
  boolean: 14,
  float: 15,
} as const;

/** A control byte (and extended type byte) and the size bytes for `type` and `size`. */
function control(type: number, size: number): Buffer {
  let sizeBits: number;
  let extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 29 + 256) {
    sizeBits = 29;
    extra = [size - 29];
  } else if (size < 285 + 65536) {
    sizeBits = 30;
    const rest = size - 285;
    extra = [rest >> 8, rest & 0xff];
  } else throw new Error('value too large for the test writer');
  const head = type <= 7 ? [(type << 5) | sizeBits] : [sizeBits, type - 7];
  return Buffer.from([...head, ...extra]);
}

function uintBytes(value: number | bigint): Buffer {
  let n = BigInt(value);
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  return Buffer.from(bytes);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(TYPE.utf8, bytes.length), bytes]);
  }
  if (typeof value === 'boolean') return control(TYPE.boolean, value ? 1 : 0);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value < 2 ** 32) {
      const bytes = uintBytes(value);
      return Buffer.concat([control(TYPE.uint32, bytes.length), bytes]);
    }
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleBE(value);
    return Buffer.concat([control(TYPE.double, 8), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(TYPE.array, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(TYPE.map, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

/** The 128 bits of an address (IPv4 as ::a.b.c.d) and the prefix length in that tree. */
function networkBits(cidr: string): { bits: number[]; prefix: number } {
  const [address, length] = cidr.split('/');
  const bits: number[] = [];
  const push = (value: number, width: number) => {
    for (let i = width - 1; i >= 0; i--) bits.push((value >> i) & 1);
  };
  if (address.includes('.')) {
    push(0, 32);
    push(0, 32);
    push(0, 32);
    for (const part of address.split('.')) push(Number(part), 8);
    return { bits, prefix: 96 + Number(length) };
  }
  const [head, tail] = address.includes('::') ? address.split('::') : [address, ''];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  for (const group of groups) push(parseInt(group, 16), 16);
  return { bits, prefix: Number(length) };
}

interface TreeNode {
  children: [TreeNode | number | null, TreeNode | number | null];
}

/** Builds the database: `networks` in CIDR (IPv4 or IPv6) with the record each maps to. */
export function buildMmdb(
  networks: { network: string; record: Record<string, Value> }[],
  databaseType = 'Test-City',
): Buffer {
  const data: Buffer[] = [];
  const offsets: number[] = [];
  let size = 0;
  for (const { record } of networks) {
    const encoded = encode(record);
    offsets.push(size);
    data.push(encoded);
    size += encoded.length;
  }

  const root: TreeNode = { children: [null, null] };
  networks.forEach(({ network }, index) => {
    const { bits, prefix } = networkBits(network);
    let node = root;
    for (let depth = 0; depth < prefix - 1; depth++) {
      const bit = bits[depth];
      let next = node.children[bit];
      if (typeof next !== 'object' || next === null) node.children[bit] = next = { children: [null, null] };
      node = next;
    }
    node.children[bits[prefix - 1]] = index;
  });

  // Nodes numbered breadth first, the root 0.
  const order: TreeNode[] = [root];
  for (let i = 0; i < order.length; i++)
    for (const child of order[i].children) if (child && typeof child === 'object') order.push(child);
  const nodeCount = order.length;
  const number = new Map(order.map((n, i) => [n, i]));
  const tree = Buffer.alloc(nodeCount * 6);
  order.forEach((node, i) => {
    node.children.forEach((child, side) => {
      const value =
        child === null ? nodeCount : typeof child === 'number' ? nodeCount + 16 + offsets[child] : number.get(child)!;
      tree.writeUIntBE(value, i * 6 + side * 3, 3);
    });
  });

  const meta = Buffer.concat([
    control(TYPE.map, 9),
    encode('node_count'),
    encode(nodeCount),
    encode('record_size'),
    control(TYPE.uint16, 1),
    Buffer.from([24]),
    encode('ip_version'),
    control(TYPE.uint16, 1),
    Buffer.from([6]),
    encode('database_type'),
    encode(databaseType),
    encode('languages'),
    encode(['en']),
    encode('binary_format_major_version'),
    control(TYPE.uint16, 1),
    Buffer.from([2]),
    encode('binary_format_minor_version'),
    control(TYPE.uint16, 0),
    encode('build_epoch'),
    control(TYPE.uint64, 4),
    uintBytes(1_700_000_000).subarray(-4),
    encode('description'),
    encode({ en: 'Test database written by test/support/mmdb.ts' }),
  ]);
  return Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'), meta]);
}
