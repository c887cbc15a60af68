/**
 * What an executable is, read from its headers as the platform's loader reads them: ELF (Linux),
 * Mach-O (macOS) or PE (Windows), the machine it is for, the Node single-executable blob that
 * postject injected (an ELF note, a Mach-O section, a PE resource named `NODE_SEA_BLOB`), and,
 * for Mach-O, whether its code signature matches its bytes. Only the 64-bit little-endian forms
 * the five plugin targets use.
 */
import { createHash } from "node:crypto";

/** The format and machine of an executable, and what it carries. */
export interface ExecutableFormat {
  format: "ELF" | "Mach-O" | "PE";
  /** Pulumi's name of the architecture. */
  arch: string;
  /** The bytes of the section or resource named `NODE_SEA_BLOB`, if there is one. */
  seaBlob?: Buffer;
  /** Mach-O only: its code signature, if it has one (`LC_CODE_SIGNATURE`). */
  signature?: MachOSignature;
}

/** A Mach-O code signature's CodeDirectory, checked against the file. */
export interface MachOSignature {
  /** Signed with no identity (`CS_ADHOC`). */
  adhoc: boolean;
  /** Every page's hash matches the file, and the hashes cover the file up to the signature. */
  valid: boolean;
  /** Why it is not valid, when it is not. */
  problem?: string;
}

/** The name postject gives the blob, and Node looks for. */
const BLOB = "NODE_SEA_BLOB";

const cstring = (b: Buffer, at: number, max: number) => {
  const end = b.indexOf(0, at);
  return b.toString("latin1", at, end < 0 || end > at + max ? at + max : end);
};

/** Reads `file`'s headers (see the module's documentation); throws on anything else. */
export function executableFormat(b: Buffer): ExecutableFormat {
  if (b.readUInt32BE(0) === 0x7f454c46) return elf(b);
  if (b.readUInt32LE(0) === 0xfeedfacf) return machO(b);
  if (b.toString("latin1", 0, 2) === "MZ") return pe(b);
  throw new Error(`not an executable this reads: it starts ${b.subarray(0, 4).toString("hex")}`);
}

function elf(b: Buffer): ExecutableFormat {
  if (b[4] !== 2 || b[5] !== 1) throw new Error("ELF: not 64-bit little-endian");
  const machine = b.readUInt16LE(0x12);
  const arch = machine === 0x3e ? "amd64" : machine === 0xb7 ? "arm64" : `unknown ${machine}`;
  const phoff = Number(b.readBigUInt64LE(0x20));
  const phentsize = b.readUInt16LE(0x36);
  const phnum = b.readUInt16LE(0x38);
  let seaBlob: Buffer | undefined;
  for (let i = 0; i < phnum; i++) {
    const ph = phoff + i * phentsize;
    if (b.readUInt32LE(ph) !== 4) continue; // PT_NOTE
    const offset = Number(b.readBigUInt64LE(ph + 8));
    const end = offset + Number(b.readBigUInt64LE(ph + 0x20));
    for (let at = offset; at + 12 <= end;) {
      const namesz = b.readUInt32LE(at);
      const descsz = b.readUInt32LE(at + 4);
      const name = cstring(b, at + 12, namesz);
      const desc = at + 12 + Math.ceil(namesz / 4) * 4;
      if (name === BLOB) seaBlob = b.subarray(desc, desc + descsz);
      at = desc + Math.ceil(descsz / 4) * 4;
    }
  }
  return { format: "ELF", arch, seaBlob };
}

function machO(b: Buffer): ExecutableFormat {
  const cputype = b.readUInt32LE(4);
  const arch =
    cputype === 0x01000007 ? "amd64" : cputype === 0x0100000c ? "arm64" : `unknown ${cputype}`;
  const ncmds = b.readUInt32LE(16);
  let seaBlob: Buffer | undefined;
  let signature: MachOSignature | undefined;
  for (let i = 0, at = 32; i < ncmds; i++) {
    const cmd = b.readUInt32LE(at);
    const size = b.readUInt32LE(at + 4);
    if (cmd === 0x19) {
      // LC_SEGMENT_64 and its sections.
      const nsects = b.readUInt32LE(at + 64);
      for (let s = 0; s < nsects; s++) {
        const sect = at + 72 + s * 80;
        if (cstring(b, sect, 16) === `__${BLOB}`) {
          const offset = b.readUInt32LE(sect + 48);
          seaBlob = b.subarray(offset, offset + Number(b.readBigUInt64LE(sect + 40)));
        }
      }
    } else if (cmd === 0x1d) {
      // LC_CODE_SIGNATURE
      signature = codeSignature(b, b.readUInt32LE(at + 8));
    }
    at += size;
  }
  return { format: "Mach-O", arch, seaBlob, signature };
}

/** The CodeDirectory of the SuperBlob at `offset` (big-endian), its page hashes checked. */
function codeSignature(b: Buffer, offset: number): MachOSignature {
  if (b.readUInt32BE(offset) !== 0xfade0cc0) {
    return { adhoc: false, valid: false, problem: "no embedded signature SuperBlob" };
  }
  const count = b.readUInt32BE(offset + 8);
  for (let i = 0; i < count; i++) {
    const type = b.readUInt32BE(offset + 12 + i * 8);
    const cd = offset + b.readUInt32BE(offset + 16 + i * 8);
    if (type !== 0 || b.readUInt32BE(cd) !== 0xfade0c02) continue;
    const flags = b.readUInt32BE(cd + 12);
    const hashOffset = b.readUInt32BE(cd + 16);
    const nCodeSlots = b.readUInt32BE(cd + 28);
    const codeLimit = b.readUInt32BE(cd + 32);
    const hashSize = b[cd + 36]!;
    const hashType = b[cd + 37]!;
    const pageSize = 2 ** b[cd + 39]!;
    const adhoc = (flags & 0x2) !== 0;
    const algorithm = hashType === 2 ? "sha256" : hashType === 1 ? "sha1" : undefined;
    if (!algorithm) return { adhoc, valid: false, problem: `hash type ${hashType}` };
    if (codeLimit !== offset) {
      return {
        adhoc,
        valid: false,
        problem: `it covers ${codeLimit} bytes, the signature is at ${offset}`,
      };
    }
    for (let page = 0; page < nCodeSlots; page++) {
      const start = page * pageSize;
      const hash = createHash(algorithm)
        .update(b.subarray(start, Math.min(start + pageSize, codeLimit)))
        .digest();
      const slot = cd + hashOffset + page * hashSize;
      if (!hash.subarray(0, hashSize).equals(b.subarray(slot, slot + hashSize))) {
        return { adhoc, valid: false, problem: `page ${page}'s hash does not match` };
      }
    }
    return { adhoc, valid: true };
  }
  return { adhoc: false, valid: false, problem: "no CodeDirectory" };
}

function pe(b: Buffer): ExecutableFormat {
  const header = b.readUInt32LE(0x3c);
  if (b.readUInt32LE(header) !== 0x4550) throw new Error("PE: no PE signature");
  const machine = b.readUInt16LE(header + 4);
  const arch = machine === 0x8664 ? "amd64" : machine === 0xaa64 ? "arm64" : `unknown ${machine}`;
  const sections = b.readUInt16LE(header + 6);
  const optional = header + 24;
  if (b.readUInt16LE(optional) !== 0x20b) throw new Error("PE: not PE32+");
  const resourceRva = b.readUInt32LE(optional + 112 + 2 * 8);
  const table = optional + b.readUInt16LE(header + 20);
  const fileOffset = (rva: number) => {
    for (let i = 0; i < sections; i++) {
      const s = table + i * 40;
      const va = b.readUInt32LE(s + 12);
      if (rva >= va && rva < va + b.readUInt32LE(s + 16)) {
        return rva - va + b.readUInt32LE(s + 20);
      }
    }
    throw new Error(`PE: address ${rva} is in no section`);
  };
  let seaBlob: Buffer | undefined;
  if (resourceRva !== 0) {
    const root = fileOffset(resourceRva);
    // The resource tree, type / name / language: the first data below a name NODE_SEA_BLOB.
    const walk = (dir: number, named: boolean): void => {
      const entries = b.readUInt16LE(dir + 12) + b.readUInt16LE(dir + 14);
      for (let i = 0; i < entries; i++) {
        const entry = dir + 16 + i * 8;
        const name = b.readUInt32LE(entry);
        const target = b.readUInt32LE(entry + 4);
        let isBlob = named;
        if (name & 0x80000000) {
          const at = root + (name & 0x7fffffff);
          isBlob ||= b.toString("utf16le", at + 2, at + 2 + 2 * b.readUInt16LE(at)) === BLOB;
        }
        if (target & 0x80000000) walk(root + (target & 0x7fffffff), isBlob);
        else if (isBlob && !seaBlob) {
          const data = root + target;
          const start = fileOffset(b.readUInt32LE(data));
          seaBlob = b.subarray(start, start + b.readUInt32LE(data + 4));
        }
      }
    };
    walk(root, false);
  }
  return { format: "PE", arch, seaBlob };
}

/** The flags of a Node single-executable blob (Node's `SeaFlags`), after its magic. */
export function seaBlobFlags(blob: Buffer): { magic: boolean; codeCache: boolean } {
  return {
    magic: blob.length >= 8 && blob.readUInt32LE(0) === 0x143da20,
    codeCache: (blob.readUInt32LE(4) & (1 << 2)) !== 0,
  };
}
