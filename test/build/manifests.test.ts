/**
 * The split of the /m build between the update check's two asset manifests (rollup.config.mjs:
 * memberCentreChunks, assetManifest; docs/performance.md): on a fake bundle, which chunks count as the
 * member centre's; and, when dist/ holds a build, that the two real manifests are disjoint, list every
 * hashed asset between them, and that nothing in the member-centre manifest is loaded by main.js or
 * precached by the service worker.
 *
 * Run: node --import tsx --test test/build/manifests.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { assetManifest, memberCentreChunks } from '../../rollup.config.mjs';

interface FakeChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
}

const ROOT = '/repo/';
const chunk = (name: string, modules: string[], more: Partial<FakeChunk> = {}): FakeChunk => ({
  fileName: `assets/${name}-h4sh${name.length}.js`,
  name,
  isEntry: false,
  facadeModuleId: modules.length === 1 ? ROOT + modules[0] : null,
  moduleIds: modules.map((m) => ROOT + m),
  imports: [],
  dynamicImports: [],
  ...more,
});
const file = (name: string) => `assets/${name}-h4sh${name.length}.js`;

/**
 * main.js lazy-loads a login page, two member pages, a chunk where rollup merged a member page with
 * the not-found page, and the core and member-centre catalogues. `ui` is main's and everyone's;
 * `form` is shared by the login page and a member page; `memberShared` only the member pages use,
 * and it pulls `memberDeep`; `memberModal` only a member page lazy-loads; `dompurify` a member page
 * and the login page both lazy-load.
 */
function fakeBundle(): FakeChunk[] {
  return [
    chunk('main', ['host/main.tsx', 'host/App.tsx'], {
      isEntry: true,
      facadeModuleId: `${ROOT}host/main.tsx`,
      imports: [file('ui')],
      dynamicImports: [
        file('LoginPage'),
        file('MemberHomePage'),
        file('RewardCenterPage'),
        file('merged'),
        file('EN'),
        file('mcEN'),
      ],
    }),
    chunk('ui', ['src/ui/Button.tsx', 'host/PageShell.tsx']),
    chunk('LoginPage', ['host/pages/LoginPage.tsx'], {
      imports: [file('main'), file('ui'), file('form')],
      dynamicImports: [file('dompurify')],
    }),
    chunk('MemberHomePage', ['host/pages/member/MemberHomePage.tsx'], {
      imports: [file('main'), file('ui'), file('form'), file('memberShared')],
      dynamicImports: [file('memberModal'), file('dompurify')],
    }),
    chunk('RewardCenterPage', ['host/pages/member/RewardCenterPage.tsx'], { imports: [file('main'), file('memberShared')] }),
    chunk('form', ['src/ui/fields.tsx']),
    chunk('memberShared', ['src/features/member-centre/model.ts'], { imports: [file('memberDeep'), file('ui')] }),
    chunk('memberDeep', ['src/features/member-centre/format.ts']),
    chunk('memberModal', ['src/features/member-centre/RedeemModal.tsx'], { imports: [file('memberShared')] }),
    chunk('dompurify', ['node_modules/dompurify/dist/purify.es.mjs']),
    chunk('merged', ['host/pages/member/VoucherCenterPage.tsx', 'host/pages/NotFoundPage.tsx'], { imports: [file('main')] }),
    chunk('EN', ['src/core/i18n/locales/EN.json']),
    chunk('mcEN', ['src/features/member-centre/locales/EN.json'], { name: 'EN' }),
  ];
}

/** The modules imported with import() in the fake bundle: what rollup's dynamicImporters tell. */
const LAZY = new Set(
  [
    'host/pages/LoginPage.tsx',
    'host/pages/member/MemberHomePage.tsx',
    'host/pages/member/RewardCenterPage.tsx',
    'host/pages/member/VoucherCenterPage.tsx',
    'host/pages/NotFoundPage.tsx',
    'src/core/i18n/locales/EN.json',
    'src/features/member-centre/locales/EN.json',
    'src/features/member-centre/RedeemModal.tsx',
    'node_modules/dompurify/dist/purify.es.mjs',
  ].map((m) => ROOT + m),
);
const isLazy = (id: string) => LAZY.has(id);

describe('memberCentreChunks (rollup.config.mjs)', () => {
  const members = memberCentreChunks(fakeBundle(), isLazy);
  const names = (set: Set<string>) => [...set].map((f) => /^assets\/(\w+)-/.exec(f)![1]).sort();

  test('the member pages, what only they reach (statically or lazily), the member-centre catalogues', () => {
    assert.deepEqual(names(members), ['MemberHomePage', 'RewardCenterPage', 'mcEN', 'memberDeep', 'memberModal', 'memberShared']);
  });

  test('never main.js, nor a chunk shared with home or a non-member page, nor their lazy parts', () => {
    for (const shared of ['main', 'ui', 'form', 'dompurify', 'LoginPage', 'EN']) assert.ok(!members.has(file(shared)), shared);
  });

  test('a chunk where a member page was merged with another page is not the member centre’s', () => {
    assert.ok(!members.has(file('merged')));
  });

  test('a member-only chunk that a non-member chunk starts importing leaves the set, with what it pulls', () => {
    const bundle = fakeBundle();
    bundle.find((c) => c.name === 'LoginPage')!.imports.push(file('memberShared'));
    assert.deepEqual(names(memberCentreChunks(bundle, isLazy)), ['MemberHomePage', 'RewardCenterPage', 'mcEN', 'memberModal']);
  });

  test('a bundle without member pages has no member-centre chunk', () => {
    const bundle = fakeBundle().filter((c) => !c.moduleIds.some((id) => /member/.test(id)));
    assert.equal(memberCentreChunks(bundle, isLazy).size, 0);
  });
});

describe('assetManifest (rollup.config.mjs)', () => {
  test('every file is listed: names several files share become their facade path', () => {
    const cwd = process.cwd();
    const outputs = [
      { fileName: 'assets/EN-aaaa1111.js', name: 'EN', facadeModuleId: `${cwd}/src/core/i18n/locales/EN.json` },
      { fileName: 'assets/EN-bbbb2222.js', name: 'EN', facadeModuleId: `${cwd}/src/features/install/locales/EN.json` },
      { fileName: 'assets/LoginPage-cccc3333.js', name: 'LoginPage', facadeModuleId: `${cwd}/host/pages/LoginPage.tsx` },
      { fileName: 'assets/host-dddd4444.css' },
    ];
    assert.deepEqual(assetManifest(outputs, ['/m/assets/main.js']), {
      files: {
        'src/core/i18n/locales/EN': '/m/assets/EN-aaaa1111.js',
        'src/features/install/locales/EN': '/m/assets/EN-bbbb2222.js',
        LoginPage: '/m/assets/LoginPage-cccc3333.js',
        'assets/host-dddd4444.css': '/m/assets/host-dddd4444.css',
      },
      entrypoints: ['/m/assets/main.js'],
    });
  });
});

const M_MANIFEST = 'dist/m/asset-manifest.json';
const MC_MANIFEST = 'dist/mobile/mc/asset-manifest.json';
const built = existsSync(M_MANIFEST) && existsSync('dist/meta/host-chunks.json');

describe('the built manifests (dist/, after npm run build)', { skip: !built && 'no build in dist/' }, () => {
  const read = (path: string) =>
    JSON.parse(readFileSync(path, 'utf8')) as { files: Record<string, string>; entrypoints: string[] };
  const main = () => read(M_MANIFEST);
  const mc = () => (existsSync(MC_MANIFEST) ? read(MC_MANIFEST) : { files: {}, entrypoints: [] });

  test('the two are disjoint, and together list every hashed asset of /m', () => {
    const m = new Set(Object.values(main().files));
    const member = Object.values(mc().files);
    assert.deepEqual(
      member.filter((f) => m.has(f)),
      [],
    );
    const assets = readdirSync('dist/m/assets')
      .filter((f) => !/\.(br|gz)$/.test(f))
      .map((f) => `/m/assets/${f}`)
      .sort();
    assert.deepEqual([...new Set([...m, ...member])].sort(), assets);
    for (const entry of mc().entrypoints) assert.ok(member.includes(entry), entry);
  });

  test('main.js loads no member-centre file, and the service worker precaches none', () => {
    const chunks = JSON.parse(readFileSync('dist/meta/host-chunks.json', 'utf8')) as {
      fileName: string;
      isEntry: boolean;
      imports: string[];
    }[];
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const firstLoad = new Set<string>();
    const visit = (f: string) => {
      if (firstLoad.has(f)) return;
      firstLoad.add(f);
      byFile.get(f)?.imports.forEach(visit);
    };
    visit(chunks.find((c) => c.isEntry)!.fileName);
    const member = Object.values(mc().files).map((url) => url.replace(/^\/m\//, ''));
    assert.deepEqual(
      member.filter((f) => firstLoad.has(f)),
      [],
    );
    const sw = readFileSync('dist/m/sw.js', 'utf8');
    assert.deepEqual(
      member.filter((f) => sw.includes(f)),
      [],
    );
  });
});
