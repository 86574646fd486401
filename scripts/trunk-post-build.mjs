#!/usr/bin/env node
// Trunk post_build hook (see Trunk.toml): makes the build in Trunk's staging directory offline-
// ready and locks down its Content Security Policy. Runs with Node (already needed for wasm-opt);
// no network; one package, terser (step 0).
//
//   1. Moves public/sw.js and public/manifest.webmanifest to the top of the build, next to
//      index.html: a service worker only controls pages at or below its own folder.
//   2. Replaces CAMELOT_SCRIPT_HASHES in index.html's CSP with the sha256 of every inline
//      <script> Trunk wrote (the module that boots the wasm), so no 'unsafe-inline' is needed.
//   3. Names the build: a hash of every file in it (BUILD_ID below), written into sw.js and into
//      index.html as <meta name="camelot-build">.
//   4. Writes the list of the build's files into sw.js: the worker caches them all on install.
//   0. First, in release builds (TRUNK_PROFILE=release): minifies wasm-bindgen's JavaScript glue
//      with terser (Trunk leaves it as written, 42 KB; minified it is 1.5 KB less gzip on the first
//      load) and puts the new file's hash in its `integrity` attribute. terser is installed into
//      .tools/ by scripts/setup, like wasm-opt.
//
// Usage (Trunk sets TRUNK_STAGING_DIR, TRUNK_PROFILE):
//   node scripts/trunk-post-build.mjs [STAGING_DIR]

import { createHash } from "node:crypto";
import fs from "node:fs";
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

// 0. Release builds: the wasm-bindgen glue, minified.
if (process.env.TRUNK_PROFILE === "release") {
  const terserPath = new URL("../.tools/node_modules/terser/main.js", import.meta.url);
  if (!fs.existsSync(terserPath)) {
    fail(`${terserPath.pathname} is missing: run scripts/setup (it installs terser into .tools/)`);
  }
  const { minify } = await import(terserPath.href);
  const glue = [...index.matchAll(/<link\b[^>]*\brel="?modulepreload\b[^>]*>/gi)]
    .map(([link]) => link.match(/\bhref="?\.\/([^"\s>]+\.js)/i)?.[1])
    .filter(Boolean);
  if (glue.length !== 1) {
    fail(`expected one modulepreload of the wasm-bindgen glue in index.html, found ${glue.length}`);
  }
  const glueFile = glue[0];
  const before = fs.readFileSync(at(glueFile), "utf8");
  const { code } = await minify(before, {
    module: true,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (!code) {
    fail(`terser returned nothing for ${glueFile}`);
  }
  fs.writeFileSync(at(glueFile), code);
  // Its Subresource Integrity hash (Trunk's was of the unminified file).
  const integrity = `sha384-${createHash("sha384").update(code, "utf8").digest("base64")}`;
  let replaced = 0;
  index = index.replace(/<link\b[^>]*>/gi, (link) =>
    link.includes(`./${glueFile}`)
      ? link.replace(/\bintegrity="?sha384-[A-Za-z0-9+/=]+"?/i, () => {
          replaced += 1;
          return `integrity="${integrity}"`;
        })
      : link,
  );
  if (replaced !== 1) {
    fail(`could not find the integrity attribute of ${glueFile} in index.html`);
  }
  console.log(
    `trunk-post-build: ${glueFile} minified, ${before.length} -> ${code.length} bytes`,
  );
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
