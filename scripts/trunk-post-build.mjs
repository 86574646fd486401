#!/usr/bin/env node
// Trunk post_build hook (see Trunk.toml): makes the build in Trunk's staging directory offline-
// ready and locks down its Content Security Policy. Runs with Node (already needed for wasm-opt);
// no network; one package, terser (step 0).
//
//   1. Moves public/sw.js and public/manifest.webmanifest to the top of the build, next to
//      index.html: a service worker only controls pages at or below its own folder.
//   2. Replaces CAMELOT_SCRIPT_HASHES in index.html's CSP (which public/crash.js puts in force)
//      with the sha256 of every inline <script> Trunk wrote (the module that boots the wasm), so
//      no 'unsafe-inline' is needed; and makes that boot script render-blocking (below).
//   3. Names the build: a hash of every file in it (BUILD_ID below), written into sw.js and into
//      index.html as <meta name="camelot-build">.
//   4. Writes the list of the build's files into sw.js: the worker caches them all on install.
//   0. First, in release builds (TRUNK_PROFILE=release):
//      - when CAMELOT_SPLIT_WASM names the linked wasm (camelot_release_build in scripts/setup),
//        splits it: the first load keeps only the Home screen and what it needs, every other
//        screen's code comes in chunks fetched when it first opens (see split() below), and
//        leaves out the stream adapters Leptos exports for servers (dropStreamClasses());
//      - minifies the JavaScript (wasm-bindgen's glue, Trunk leaves it as written: 42 KB -> 20 KB,
//        1.5 KB less gzip) with terser, installed into .tools/ by scripts/setup like wasm-opt, and
//        marks the glue to be compiled whole as it loads (V8's explicit compile hint);
//      - puts the changed files' hashes in their `integrity` attributes.
//
// Usage (Trunk sets TRUNK_STAGING_DIR, TRUNK_PROFILE):
//   node scripts/trunk-post-build.mjs [STAGING_DIR]

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const staging = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!staging) {
  fail("TRUNK_STAGING_DIR is not set (run by Trunk, or pass the build directory)");
}

function fail(message) {
  console.error(`trunk-post-build: ${message}`);
  process.exit(1);
}

const at = (...parts) => path.join(staging, ...parts);

// 1. The worker and the manifest belong at the top of the build.
for (const name of ["sw.js", "manifest.webmanifest"]) {
  const from = at("public", name);
  if (fs.existsSync(from)) {
    fs.renameSync(from, at(name));
  }
  if (!fs.existsSync(at(name))) {
    fail(`${name} is missing from public/`);
  }
}

const indexPath = at("index.html");
let index = fs.readFileSync(indexPath, "utf8");

// 0. Release builds: the wasm split per screen (when CAMELOT_SPLIT_WASM names the linked wasm),
//    then the JavaScript minified.
if (process.env.TRUNK_PROFILE === "release") {
  // The files Trunk made: the wasm-bindgen glue (modulepreloaded) and the wasm (preloaded).
  const linked = (rel, ext) =>
    [...index.matchAll(/<link\b[^>]*>/gi)]
      .map(([link]) => link)
      .filter((link) => new RegExp(`\\brel="?${rel}\\b`, "i").test(link))
      .map((link) => link.match(new RegExp(`\\bhref="?\\./([^"\\s>]+\\.${ext})`, "i"))?.[1])
      .filter(Boolean);
  const glues = linked("modulepreload", "js");
  const wasms = linked("preload", "wasm");
  if (glues.length !== 1 || wasms.length !== 1) {
    fail(`expected one modulepreload of the glue and one preload of the wasm in index.html`);
  }
  let [glueFile] = glues;
  const [wasmFile] = wasms;

  const terserPath = new URL("../.tools/node_modules/terser/main.js", import.meta.url);
  if (!fs.existsSync(terserPath)) {
    fail(`${terserPath.pathname} is missing: run scripts/setup (it installs terser into .tools/)`);
  }
  const { minify } = await import(terserPath.href);
  const minified = async (name, text) => {
    const { code } = await minify(text, {
      module: true,
      compress: { passes: 2 },
      mangle: true,
      format: { comments: false },
    });
    if (!code) {
      fail(`terser returned nothing for ${name}`);
    }
    console.log(`trunk-post-build: ${name} minified, ${text.length} -> ${code.length} bytes`);
    return code;
  };

  if (process.env.CAMELOT_SPLIT_WASM) {
    ({ html: index, glueFile } = await split(
      process.env.CAMELOT_SPLIT_WASM,
      glueFile,
      wasmFile,
      index,
      minified,
    ));
  }

  // The glue's first line asks V8 to compile all of it at once, on a background thread while the
  // file streams in: most of its functions run at start-up, and each one compiled on its first
  // call is compiled on the page's main thread (74 such compiles before Home shows, 15 with the
  // hint). Browsers that do not know the comment ignore it.
  const glue = await minified(glueFile, fs.readFileSync(at(glueFile), "utf8"));
  fs.writeFileSync(at(glueFile), `//# allFunctionsCalledOnLoad\n${glue}`);
  index = setIntegrity(index, glueFile);
}

/// The Subresource Integrity hash of `file` as it is now, in its <link> of index.html.
function setIntegrity(html, file) {
  const integrity = `sha384-${createHash("sha384").update(fs.readFileSync(at(file))).digest("base64")}`;
  let replaced = 0;
  const out = html.replace(/<link\b[^>]*>/gi, (link) =>
    link.includes(`./${file}`)
      ? link.replace(/\bintegrity=("?)sha384-[A-Za-z0-9+/=]+\1/i, () => {
          replaced += 1;
          return `integrity="${integrity}"`;
        })
      : link,
  );
  if (replaced !== 1) {
    fail(`could not find the integrity attribute of ${file} in index.html`);
  }
  return out;
}

/// The split (see camelot_release_build in scripts/setup): wasm-split-cli cuts the linked wasm into
/// the main module and chunks (one per split screen function of src/app.rs, and the code they share), wasm-bindgen
/// makes the main module's glue, wasm-opt optimises every part as Trunk would have (the parameters
/// of index.html's rust link). The main module, its glue and `__wasm_split.js` (which fetches the
/// chunks, relative to itself) replace Trunk's two files; every file is named after its content, so
/// that the service worker can serve it cache-first. Returns index.html and the glue's new name.
async function split(input, glueFile, wasmFile, html, minified) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "camelot-split-"));
  const run = (command, args) => {
    const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });
    if (result.status !== 0) {
      fail(`${command} ${args.join(" ")} failed (${result.error ?? `exit ${result.status}`})`);
    }
  };
  const parts = path.join(work, "split");
  const bound = path.join(work, "bound");
  run("wasm-split-cli", ["--target", "web", "--out-name", "app", input, parts]);
  // --keep-lld-exports: the chunks import the main module's function table and memory.
  run("wasm-bindgen", [
    "--target", "web", "--no-typescript", "--keep-lld-exports",
    "--out-dir", bound, "--out-name", "app", path.join(parts, "app.wasm"),
  ]);

  // wasm-opt with the parameters of index.html's <link data-trunk rel="rust">, on every part,
  // as many at a time as there are cores.
  const source = fs.readFileSync(new URL("../index.html", import.meta.url), "utf8");
  const level = source.match(/\bdata-wasm-opt="([^"]+)"/)?.[1];
  const params = source.match(/\bdata-wasm-opt-params="([^"]+)"/)?.[1];
  if (!level || !params) {
    fail("index.html's rust link has no data-wasm-opt / data-wasm-opt-params");
  }
  const chunks = fs.readdirSync(parts).filter((f) => f.endsWith(".wasm") && f !== "app.wasm");
  const mainWasm = path.join(bound, "app_bg.wasm");
  const unused = dropStreamClasses(path.join(bound, "app.js"));
  run("wasm-opt", [
    ...unused.flatMap((pattern) => ["--remove-exports", `--pass-arg=remove-exports@${pattern}`]),
    `-O${level}`, ...params.trim().split(/\s+/), mainWasm, "-o", mainWasm,
  ]);
  const todo = chunks.map((f) => path.join(parts, f));
  const jobs = String(Math.max(1, Math.min(os.availableParallelism(), 4)));
  const optimise = spawnSync(
    "xargs",
    ["-0", "-P", jobs, "-n", "1", "sh", "-c", `wasm-opt -O${level} ${params} "$1" -o "$1"`, "sh"],
    { input: todo.join("\0"), stdio: ["pipe", "inherit", "inherit"] },
  );
  if (optimise.status !== 0) {
    fail(`wasm-opt failed on a part of the split (${optimise.error ?? `exit ${optimise.status}`})`);
  }
  gluedToItsModule(path.join(bound, "app.js"), mainWasm);
  shortImportNames(path.join(bound, "app.js"), mainWasm);

  const named = (stem, ext, content) =>
    `${stem}-${createHash("sha256").update(content).digest("hex").slice(0, 16)}.${ext}`;
  let loader = fs.readFileSync(path.join(parts, "__wasm_split.js"), "utf8");
  let lazyBytes = 0;
  for (const chunk of chunks) {
    const content = fs.readFileSync(path.join(parts, chunk));
    const name = named(chunk.replace(/\.wasm$/, ""), "wasm", content);
    const reference = `"./${chunk}"`;
    if (!loader.includes(reference)) {
      fail(`__wasm_split.js does not load ${chunk}`);
    }
    loader = loader.replaceAll(reference, () => JSON.stringify(`./${name}`));
    fs.writeFileSync(at(name), content);
    lazyBytes += content.length;
  }
  const mainImport = `"./app.js"`;
  if (!loader.includes(`from ${mainImport}`)) {
    fail(`__wasm_split.js does not import ./app.js`);
  }
  // (terser keeps the import's specifier as it is: it is filled in below.)
  loader = await minified("__wasm_split.js", loader);
  if (!loader.includes(mainImport)) {
    fail(`the minified __wasm_split.js no longer has ${mainImport} as it was`);
  }
  let glue = fs.readFileSync(path.join(bound, "app.js"), "utf8");
  const loaderImport = `from "./__wasm_split.js"`;
  if (!glue.includes(loaderImport)) {
    fail("the glue does not import ./__wasm_split.js: is the build made with --cfg camelot_split?");
  }
  const main = fs.readFileSync(path.join(bound, "app_bg.wasm"));

  // The glue, the main module and the loader import one another by name, so they are named
  // together, after the content of all three (which names every chunk): Trunk's names were made
  // before the split, and a changed file must never keep an old name (hashed files are cache-first).
  const together = createHash("sha256").update(loader).update("\0").update(glue).update("\0");
  const hash = together.update(main).digest("hex").slice(0, 16);
  const stem = glueFile.replace(/-[0-9a-f]+\.js$/, "");
  const names = {
    glue: `${stem}-${hash}.js`,
    wasm: `${stem}-${hash}_bg.wasm`,
    loader: `__wasm_split-${hash}.js`,
  };
  fs.writeFileSync(at(names.loader), loader.replaceAll(mainImport, () => `"./${names.glue}"`));
  fs.writeFileSync(at(names.glue), glue.replaceAll(loaderImport, () => `from "./${names.loader}"`));
  fs.writeFileSync(at(names.wasm), main);
  fs.rmSync(at(glueFile));
  fs.rmSync(at(wasmFile));
  fs.rmSync(work, { recursive: true, force: true });

  // index.html: the new names (in the boot script and the links), the loader preloaded beside the
  // glue (it comes with it), the integrity hashes.
  let out = html.replaceAll(glueFile, names.glue).replaceAll(wasmFile, names.wasm);
  let added = 0;
  out = out.replace(/<link\b[^>]*>/gi, (link) => {
    if (!link.includes(`./${names.glue}`)) {
      return link;
    }
    added += 1;
    return `${link}<link crossorigin href=./${names.loader} integrity=sha384-0 rel=modulepreload>`;
  });
  if (added !== 1) {
    fail(`no <link> of ${names.glue} in index.html`);
  }
  for (const file of [names.wasm, names.glue, names.loader]) {
    out = setIntegrity(out, file);
  }
  console.log(
    `trunk-post-build: split into the main module and ${chunks.length} chunks ` +
      `(${(lazyBytes / 1024).toFixed(0)} KiB, fetched when their screens first open): ` +
      `${names.glue}, ${names.wasm}, ${names.loader}`,
  );
  return { html: out, glueFile: names.glue };
}

/// Leptos always brings the browser side of its server functions, and with it the stream
/// adapters of the crate wasm-streams, which wasm-bindgen exports to JavaScript as three classes
/// (IntoUnderlyingSource, IntoUnderlyingByteSource, IntoUnderlyingSink). An export is kept
/// whether or not anything uses it, and so is all the code behind it; this app has no server,
/// and nothing in it makes one of them (the glue would then hold the wasm's import that wraps
/// one: none is left below, or the build stops). Their classes leave the glue in `gluePath`; the
/// export patterns returned leave the main module before wasm-opt, which then drops the code
/// behind them (about 2 KB less gzip of the first load).
function dropStreamClasses(gluePath) {
  let glue = fs.readFileSync(gluePath, "utf8");
  const before = glue.length;
  glue = glue
    .replace(/^export class IntoUnderlying\w+ \{\n[\s\S]*?\n\}\n/gm, "")
    .replace(/^if \(Symbol\.dispose\) IntoUnderlying\w+\.prototype\[Symbol\.dispose\] = .*\n/gm, "")
    .replace(/^const IntoUnderlying\w+Finalization = [\s\S]*?;\n/gm, "");
  if (/intounderlying/i.test(glue)) {
    fail("the glue still names a wasm-streams class (IntoUnderlying…) once its classes are gone");
  }
  fs.writeFileSync(gluePath, glue);
  return glue.length < before ? ["*intounderlying*"] : [];
}

/// Every function of the main module the glue in `gluePath` calls (`wasm.name`) is one the
/// optimised module at `wasmPath` exports: none was removed that is still used.
function gluedToItsModule(gluePath, wasmPath) {
  const glue = fs.readFileSync(gluePath, "utf8");
  const module = new WebAssembly.Module(fs.readFileSync(wasmPath));
  const exported = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  const missing = [...new Set([...glue.matchAll(/\bwasm\.(\w+)/g)].map((m) => m[1]))].filter(
    (name) => !exported.has(name),
  );
  if (missing.length > 0) {
    fail(`the glue calls what the main module no longer exports: ${missing.join(", ")}`);
  }
}

/// wasm-bindgen names each function the main module imports from its glue after what it does and
/// a hash (`__wbg_addEventListener_3acb0aad4a0c6dbe`), in the module and again in the glue's
/// imports object: 150 such names, hard to compress, 4.7 KB gzip of the first load. They are
/// renamed `a`, `b`, … `aa` … in both: the module's import section (module `./app_bg.js`)
/// rewritten, and the one key of each in the glue. The build stops if a name is not found exactly
/// once in the glue, or the module no longer compiles.
function shortImportNames(gluePath, wasmPath) {
  const bytes = fs.readFileSync(wasmPath);
  const readLeb = (at) => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if ((byte & 0x80) === 0) {
        return [value, at];
      }
    }
  };
  const skipLeb = (at) => readLeb(at)[1];
  const leb = (n) => {
    const out = [];
    do {
      out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
      n = Math.floor(n / 128);
    } while (n > 0);
    return out;
  };
  const reserved = new Set(["do", "if", "in"]);
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let next = 0;
  const shortName = () => {
    for (;;) {
      let name = "";
      for (let i = next++; ; i = Math.floor(i / letters.length) - 1) {
        name = letters[i % letters.length] + name;
        if (i < letters.length) {
          break;
        }
      }
      if (!reserved.has(name)) {
        return name;
      }
    }
  };
  const text = new TextDecoder();
  const utf8 = new TextEncoder();
  const renamed = new Map();
  const out = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = readLeb(at + 1);
    const end = start + size;
    if (id !== 2) {
      out.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    // The import section: module, name and description of each import.
    let [count, p] = readLeb(start);
    const body = [...leb(count)];
    while (count-- > 0) {
      const [moduleLength, m] = readLeb(p);
      const module = text.decode(bytes.subarray(m, m + moduleLength));
      const [nameLength, n] = readLeb(m + moduleLength);
      const name = text.decode(bytes.subarray(n, n + nameLength));
      const kind = bytes[n + nameLength];
      let d = n + nameLength + 1;
      if (kind === 0) {
        d = skipLeb(d); // a function: its type
      } else if (kind === 1 || kind === 2) {
        // A table's element type: one byte, but for the typed references of newer wasm.
        if (kind === 1 && [0x63, 0x64].includes(bytes[d++])) {
          fail(`import ${name}: a table of a type this build does not read`);
        }
        const flags = bytes[d++]; // limits: the least, and the most if flagged
        d = skipLeb(d);
        d = flags & 1 ? skipLeb(d) : d;
      } else if (kind === 3) {
        d += 2; // a global: its type and mutability
      } else if (kind === 4) {
        d = skipLeb(d + 1); // a tag: its attribute and type
      } else {
        fail(`import ${name}: a kind of import this build does not read (${kind})`);
      }
      let newName = name;
      if (module === "./app_bg.js" && kind === 0) {
        newName = shortName();
        renamed.set(name, newName);
      }
      const moduleBytes = utf8.encode(module);
      const nameBytes = utf8.encode(newName);
      body.push(...leb(moduleBytes.length), ...moduleBytes, ...leb(nameBytes.length), ...nameBytes);
      body.push(...bytes.subarray(n + nameLength, d));
      p = d;
    }
    if (p !== end) {
      fail("the main module's import section was not read to its end");
    }
    out.push(Uint8Array.from([2, ...leb(body.length), ...body]));
    at = end;
  }
  const wasm = Buffer.concat(out.map((part) => Buffer.from(part)));
  try {
    new WebAssembly.Module(wasm);
  } catch (error) {
    fail(`the main module with short import names does not compile: ${error}`);
  }
  let glue = fs.readFileSync(gluePath, "utf8");
  for (const [name, short] of renamed) {
    const pattern = new RegExp(`\\b${name}\\b`, "g");
    const found = glue.match(pattern)?.length ?? 0;
    if (found !== 1) {
      fail(`the glue names the import ${name} ${found} times, not once`);
    }
    glue = glue.replace(pattern, short);
  }
  fs.writeFileSync(wasmPath, wasm);
  fs.writeFileSync(gluePath, glue);
}

// 2. The CSP's script hashes.
const PLACEHOLDER = "CAMELOT_SCRIPT_HASHES";
if (!index.includes(PLACEHOLDER)) {
  fail(`index.html has no ${PLACEHOLDER} in its Content-Security-Policy`);
}
const hashes = [];
for (const [, attributes, body] of index.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  if (/\bsrc\s*=/i.test(attributes)) {
    continue;
  }
  const hash = `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
  if (!hashes.includes(hash)) {
    hashes.push(hash);
  }
}
if (hashes.length === 0) {
  fail("index.html has no inline <script>: has Trunk changed how it boots the wasm?");
}
index = index.replaceAll(PLACEHOLDER, () => hashes.join(" "));

// The boot script (the page's last module script, so all of them) runs before the first frame
// is drawn: otherwise the browser first draws the empty page, and only then starts the wasm's
// compilation, which could have been under way while it drew. The attribute is not part of the
// script, nor of its hash.
let blocking = 0;
index = index.replace(/<script\b([^>]*)>/gi, (tag, attributes) => {
  if (/\bsrc\s*=/i.test(attributes) || /\bblocking\s*=/i.test(attributes)) {
    return tag;
  }
  blocking += 1;
  return `<script${attributes} blocking="render">`;
});
if (blocking !== 1) {
  fail(`expected one inline <script> (Trunk's boot script) to make render-blocking, found ${blocking}`);
}

// 3. The build's name: a hash of every file's path and content (sw.js excluded: it gets the name).
function filesUnder(dir, prefix = "") {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) {
      out.push(...filesUnder(path.join(dir, entry.name), `${rel}/`));
    } else if (entry.isFile()) {
      out.push(rel);
    }
  }
  return out;
}
const files = filesUnder(staging)
  .filter((rel) => rel !== "sw.js")
  .sort();
const build = createHash("sha256");
for (const rel of files) {
  build.update(`${rel}\0`);
  build.update(rel === "index.html" ? index : fs.readFileSync(at(rel)));
  build.update("\0");
}
const BUILD_ID = build.digest("hex").slice(0, 16);
index = index.replace(
  // (minified release builds write it as <meta charset=utf-8>)
  /<meta charset=("?)utf-8\1\s*\/?>/i,
  (charset) => `${charset}\n    <meta name="camelot-build" content="${BUILD_ID}" />`,
);
if (!index.includes(`content="${BUILD_ID}"`)) {
  fail('index.html has no <meta charset="utf-8" /> to put the build id after');
}
fs.writeFileSync(indexPath, index);

// 4. The worker: this build's id and files.
const precache = files.map((rel) => `./${rel}`);
const swPath = at("sw.js");
let sw = fs.readFileSync(swPath, "utf8");
for (const [placeholder, value] of [
  ['"CAMELOT_BUILD_ID"', JSON.stringify(BUILD_ID)],
  ['["CAMELOT_PRECACHE"]', JSON.stringify(precache, null, 2)],
]) {
  if (!sw.includes(placeholder)) {
    fail(`sw.js has no ${placeholder}`);
  }
  sw = sw.replace(placeholder, () => value);
}
fs.writeFileSync(swPath, sw);

const bytes = files.reduce((sum, rel) => sum + fs.statSync(at(rel)).size, 0);
console.log(
  `trunk-post-build: build ${BUILD_ID}: CSP script hashes ${hashes.join(" ")}; ` +
    `sw.js precaches ${files.length} files (${(bytes / 1024).toFixed(0)} KiB before compression)`,
);
