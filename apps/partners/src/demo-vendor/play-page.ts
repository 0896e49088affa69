/**
 * The demo vendor's game page: one small self-contained HTML document (inline styles, one inline
 * script allowed by its hash, our own SVG, no other requests than its own API), sized for a 360 px
 * phone. The page only shows; every outcome is decided on the vendor's server (demo-vendor.ts).
 */
import { createHash } from 'node:crypto';
import { formatMoney, formatNumber } from '@khela/contract/format';
import type { Language, Localized } from '@khela/contract/language';
import { fontPreloadLink, NO_PAGE_FONT, PAGE_FONT_STACK, type PageFont } from '../page-font';
import type { DemoGameKind } from './demo-urls';
import { DEMO_STAKES, FISH } from './paytable';

const TEXT = {
  title: {
    slot: { EN: 'Demo Reels', BN: 'ডেমো রিলস' },
    fish: { EN: 'Demo Fishing', BN: 'ডেমো মাছ শিকার' },
    table: { EN: 'Demo Dragon Tiger', BN: 'ডেমো ড্রাগন টাইগার' },
  },
  vendor: { EN: 'Demo vendor', BN: 'ডেমো ভেন্ডর' },
  balance: { EN: 'Balance', BN: 'ব্যালেন্স' },
  playMoney: { EN: 'Play money', BN: 'খেলার টাকা' },
  stake: { EN: 'Stake', BN: 'বাজি' },
  spin: { EN: 'Spin', BN: 'ঘোরান' },
  reels: { EN: 'Reels', BN: 'রিল' },
  fishGroup: { EN: 'Cast your net at a fish', BN: 'একটি মাছে জাল ফেলুন' },
  cast: { EN: 'Cast at {fish}, pays {times}×', BN: '{fish}-এ জাল ফেলুন, {times}× পাবেন' },
  sides: { EN: 'Choose a side', BN: 'একটি দিক বেছে নিন' },
  dragon: { EN: 'Dragon', BN: 'ড্রাগন' },
  tiger: { EN: 'Tiger', BN: 'টাইগার' },
  betOn: { EN: 'Bet on {side}', BN: '{side}-এ বাজি ধরুন' },
  paytable: {
    slot: {
      EN: '3× 7 pays 50×, 3× star 20×, 3× bell 10×, 3× cherry 5×, 2 cherries 2×, 1 cherry 1×. Return to player 96%.',
      BN: '৩টি ৭ = ৫০×, ৩টি তারা = ২০×, ৩টি ঘণ্টা = ১০×, ৩টি চেরি = ৫×, ২টি চেরি = ২×, ১টি চেরি = ১×। খেলোয়াড়ের ফেরত ৯৬%।',
    },
    fish: {
      EN: 'Bigger fish pay more and are caught less often. Return to player 96%.',
      BN: 'বড় মাছে বেশি পাওয়া যায়, তবে কম ধরা পড়ে। খেলোয়াড়ের ফেরত ৯৬%।',
    },
    table: {
      EN: 'Higher card wins 2×; a tie returns half the stake. Return to player 96.2%.',
      BN: 'বড় কার্ড জিতলে ২×; সমান হলে বাজির অর্ধেক ফেরত। খেলোয়াড়ের ফেরত ৯৬.২%।',
    },
  },
} as const;

/** Strings the script needs, per language. */
const SCRIPT_TEXT: Record<string, Localized> = {
  won: { EN: 'You won {amount}', BN: 'আপনি জিতেছেন {amount}' },
  noWin: { EN: 'No win this time', BN: 'এবার জেতেননি' },
  caught: { EN: 'Caught the {fish}!', BN: '{fish} ধরা পড়েছে!' },
  missed: { EN: 'The {fish} got away', BN: '{fish} পালিয়ে গেছে' },
  cards: { EN: 'Dragon {dragon}, Tiger {tiger}', BN: 'ড্রাগন {dragon}, টাইগার {tiger}' },
  failed: {
    EN: 'The game could not reach the wallet, please try again',
    BN: 'গেমটি ওয়ালেটে পৌঁছাতে পারেনি, আবার চেষ্টা করুন',
  },
  seven: { EN: 'Seven', BN: 'সাত' },
  star: { EN: 'Star', BN: 'তারা' },
  bell: { EN: 'Bell', BN: 'ঘণ্টা' },
  cherry: { EN: 'Cherry', BN: 'চেরি' },
  lemon: { EN: 'Lemon', BN: 'লেবু' },
  plum: { EN: 'Plum', BN: 'বরই' },
  sardine: { EN: 'sardine', BN: 'সার্ডিন' },
  hilsa: { EN: 'hilsa', BN: 'ইলিশ' },
  tuna: { EN: 'tuna', BN: 'টুনা' },
  shark: { EN: 'shark', BN: 'হাঙর' },
  whale: { EN: 'whale', BN: 'তিমি' },
};

const SYMBOLS = `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>
<symbol id="s-seven" viewBox="0 0 64 64"><circle cx="32" cy="32" r="28" fill="#fde68a"/><path d="M18 16h28l-14 34h-9l12-26H18z" fill="#c81e1e"/></symbol>
<symbol id="s-star" viewBox="0 0 64 64"><path d="M32 5l8 18 20 2-15 13 5 20-18-11-18 11 5-20L4 25l20-2z" fill="#f59e0b" stroke="#b45309" stroke-width="2"/></symbol>
<symbol id="s-bell" viewBox="0 0 64 64"><path d="M32 8c-11 0-17 9-17 20v12l-6 8h46l-6-8V28c0-11-6-20-17-20z" fill="#facc15" stroke="#a16207" stroke-width="2"/><circle cx="32" cy="53" r="5" fill="#a16207"/></symbol>
<symbol id="s-cherry" viewBox="0 0 64 64"><path d="M22 40c4-16 12-26 26-32M42 40c0-12 2-22 6-32" stroke="#15803d" stroke-width="3" fill="none"/><circle cx="21" cy="44" r="12" fill="#dc2626"/><circle cx="43" cy="44" r="12" fill="#b91c1c"/></symbol>
<symbol id="s-lemon" viewBox="0 0 64 64"><ellipse cx="32" cy="34" rx="25" ry="18" fill="#fde047" stroke="#ca8a04" stroke-width="2"/></symbol>
<symbol id="s-plum" viewBox="0 0 64 64"><circle cx="32" cy="36" r="22" fill="#7e22ce"/><path d="M32 14c2-5 6-8 12-8" stroke="#166534" stroke-width="3" fill="none"/></symbol>
<symbol id="s-fish" viewBox="0 0 64 40"><ellipse cx="28" cy="20" rx="22" ry="13"/><path d="M46 20l16-12v24z"/><circle cx="16" cy="16" r="3" fill="#fff"/></symbol>
</defs></svg>`;

const STYLE = `
*{box-sizing:border-box}[hidden]{display:none!important}html,body{margin:0;height:100%}button,select{font-family:inherit}
body{font:16px/1.4 ${PAGE_FONT_STACK};background:#0f172a;color:#f8fafc;display:flex;flex-direction:column}
header{padding:10px 14px;background:#1e293b;display:flex;justify-content:space-between;align-items:center;gap:8px}
h1{font-size:17px;margin:0}.vendor{font-size:12px;color:#94a3b8;margin:0}
.bal{margin:0;text-align:right;font-size:13px;color:#cbd5e1}.bal #balance{display:block;font-size:18px;font-weight:700;color:#fff}
.badge{display:inline-block;background:#f59e0b;color:#1f2937;border-radius:6px;padding:0 6px;font-size:11px;font-weight:700}
main{flex:1;display:flex;flex-direction:column;gap:12px;padding:14px;max-width:480px;width:100%;margin:0 auto}
.reels{display:flex;gap:8px;justify-content:center;background:#312e81;border-radius:14px;padding:12px}
.reel{width:30%;aspect-ratio:1;background:#fff;border-radius:10px;display:flex;align-items:center;justify-content:center}
.reel svg{width:78%;height:78%}.spinning .reel svg{animation:spin .18s linear infinite}
@keyframes spin{from{transform:translateY(-12%)}to{transform:translateY(12%)}}
@media (prefers-reduced-motion:reduce){.spinning .reel svg{animation:none}}
.fish{display:grid;grid-template-columns:1fr 1fr;gap:8px;background:#075985;border-radius:14px;padding:10px}
.fish button{background:#0c4a6e;color:#fff;border:2px solid #38bdf8;border-radius:10px;padding:6px;min-height:64px;display:flex;flex-direction:column;align-items:center;font-size:13px}
.fish button svg{width:56px;height:34px}.fish button.hit{border-color:#facc15;background:#a16207}
.cards{display:flex;justify-content:space-around;background:#14532d;border-radius:14px;padding:14px}
.card{width:80px;height:112px;background:#fff;color:#111827;border-radius:10px;display:flex;flex-direction:column;align-items:center;justify-content:center;font-size:34px;font-weight:700}
.card small{font-size:12px;font-weight:600;color:#475569}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:8px}
label{font-size:14px;color:#cbd5e1}select{width:100%;font-size:17px;padding:10px;border-radius:8px;border:0}
button.play{width:100%;min-height:52px;border:0;border-radius:12px;background:#16a34a;color:#fff;font-size:19px;font-weight:700}
button:disabled{opacity:.55}button:focus-visible,select:focus-visible{outline:3px solid #facc15;outline-offset:2px}
#result{min-height:1.4em;margin:0;font-weight:700;text-align:center;font-size:17px}
#error{min-height:1.2em;margin:0;color:#fca5a5;text-align:center}
.rules{font-size:12px;color:#94a3b8;margin:0}
`;

/** Static: the same bytes for every page, so its hash is worked out once for the CSP. */
const SCRIPT = `(function(){
var b=document.body,d=b.dataset,token=d.token,kind=d.kind,lang=d.lang;
var T=JSON.parse(document.getElementById('text').textContent);
var $=function(id){return document.getElementById(id)};
var cur='BDT',busy=false,balEl=$('balance'),res=$('result'),err=$('error'),stake=$('stake');
var SYM={BDT:'\\u09f3'};
function money(m){return (SYM[cur]||cur+' ')+(m/100).toLocaleString(lang==='BN'?'bn-BD':'en-US',{minimumFractionDigits:2,maximumFractionDigits:2})}
function fill(t,v){return t.replace(/\\{(\\w+)\\}/g,function(_,k){return v[k]})}
function api(path,init){return fetch('/demo-vendor/api/'+path,init).then(function(r){return r.json().then(function(j){if(!r.ok)throw j;return j},function(){throw {}})},function(){throw {}})}
function fail(j){err.textContent=(j&&j.message)||T.failed;if(j&&typeof j.balance==='number')balEl.textContent=money(j.balance)}
function buttons(){return document.querySelectorAll('button[data-play]')}
function lock(on){busy=on;buttons().forEach(function(x){x.disabled=on});document.querySelector('.stage').classList.toggle('spinning',on&&kind==='slot')}
function show(j){var o=j.outcome;var line;
if(o.kind==='slot'){var names=[];document.querySelectorAll('.reel use').forEach(function(u,i){u.setAttribute('href','#s-'+o.reels[i]);names.push(T[o.reels[i]])});line=names.join(' \\u00b7 ')}
else if(o.kind==='fish'){document.querySelectorAll('.fish button').forEach(function(x){x.classList.toggle('hit',o.caught&&x.dataset.pick===o.fish)});line=fill(o.caught?T.caught:T.missed,{fish:T[o.fish]})}
else{$('card-dragon').firstChild.textContent=rank(o.dragon);$('card-tiger').firstChild.textContent=rank(o.tiger);line=fill(T.cards,{dragon:rank(o.dragon),tiger:rank(o.tiger)})}
res.textContent=line+': '+(j.win>0?fill(T.won,{amount:money(j.win)}):T.noWin);
balEl.textContent=money(j.balance)}
function rank(n){return n===1?'A':n===11?'J':n===12?'Q':n===13?'K':String(n)}
function play(pick){if(busy)return;lock(true);err.textContent='';
api('play?lang='+lang,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({token:token,kind:kind,stake:Number(stake.value),currency:cur,pick:pick})})
.then(show,fail).then(function(){lock(false)})}
buttons().forEach(function(x){x.addEventListener('click',function(){play(x.dataset.pick||undefined)})});
lock(true);
api('balance?token='+encodeURIComponent(token)+'&lang='+lang).then(function(j){cur=j.currency;balEl.textContent=money(j.balance);$('play-money').hidden=!j.playMoney;lock(false)},fail);
})();`;

export const PLAY_PAGE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/**
 * The page's own policy: its inline script by hash, its own API and font only, framed by the
 * product's site only (`frameAncestor`, its origin).
 */
export const playPageCsp = (frameAncestor: string) =>
  [
    "default-src 'none'",
    `script-src ${PLAY_PAGE_SCRIPT_HASH}`,
    "style-src 'unsafe-inline'",
    "font-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-ancestors ${frameAncestor}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const symbol = (id: string, label?: string) =>
  `<svg viewBox="0 0 64 64" ${label ? `role="img" aria-label="${escapeHtml(label)}"` : 'aria-hidden="true"'}><use href="#s-${id}"/></svg>`;

const FISH_COLOURS: Record<string, string> = {
  sardine: '#93c5fd',
  hilsa: '#e2e8f0',
  tuna: '#60a5fa',
  shark: '#94a3b8',
  whale: '#1d4ed8',
};

function stage(kind: DemoGameKind, language: Language): string {
  const t = (text: Localized) => escapeHtml(text[language]);
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  if (kind === 'slot') {
    const reel = (symbolId: string) => `<div class="reel">${symbol(symbolId)}</div>`;
    return `<div class="stage reels" role="img" aria-label="${t(TEXT.reels)}">${reel('seven')}${reel('star')}${reel('bell')}</div>
<button class="play" type="button" data-play="1" aria-label="${t(TEXT.spin)}">${t(TEXT.spin)}</button>`;
  }
  if (kind === 'fish') {
    const buttons = FISH.map((fish) => {
      const name = SCRIPT_TEXT[fish.id]![language];
      const times = formatNumber(fish.times2 / 2, language);
      const label = fill(TEXT.cast[language], { fish: name, times });
      return `<button type="button" data-play="1" data-pick="${fish.id}" aria-label="${escapeHtml(label)}"><svg viewBox="0 0 64 40" aria-hidden="true" fill="${FISH_COLOURS[fish.id]}"><use href="#s-fish"/></svg>${escapeHtml(name)} ${times}×</button>`;
    }).join('');
    return `<div class="stage fish" role="group" aria-label="${t(TEXT.fishGroup)}">${buttons}</div>`;
  }
  const card = (side: 'dragon' | 'tiger') =>
    `<div class="card" id="card-${side}"><span>?</span><small>${t(TEXT[side])}</small></div>`;
  const bet = (side: 'dragon' | 'tiger') => {
    const label = fill(TEXT.betOn[language], { side: TEXT[side][language] });
    return `<button class="play" type="button" data-play="1" data-pick="${side}" aria-label="${escapeHtml(label)}">${escapeHtml(label)}</button>`;
  };
  return `<div class="stage cards">${card('dragon')}${card('tiger')}</div>
<div class="sides" role="group" aria-label="${t(TEXT.sides)}">${bet('dragon')}${bet('tiger')}</div>`;
}

export function playPage(options: {
  token: string;
  gameCode: string;
  kind: DemoGameKind;
  language: Language;
  /** The Bengali font, for phones that have none. */
  font?: PageFont;
}): string {
  const { kind, language, font = NO_PAGE_FONT } = options;
  const t = (text: Localized) => escapeHtml(text[language]);
  const scriptText = Object.fromEntries(
    Object.entries(SCRIPT_TEXT).map(([key, text]) => [key, text[language]]),
  );
  const stakes = DEMO_STAKES.map(
    (stake, i) =>
      `<option value="${stake}"${i === 0 ? ' selected' : ''}>${formatMoney(stake, language, { symbol: '' })}</option>`,
  ).join('');
  return `<!doctype html><html lang="${language === 'EN' ? 'en' : 'bn'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">${fontPreloadLink(font)}
<title>${t(TEXT.title[kind])}</title><style>${font.css}${STYLE}</style></head>
<body data-token="${escapeHtml(options.token)}" data-kind="${kind}" data-lang="${language}">${SYMBOLS}
<header><div><h1>${t(TEXT.title[kind])}</h1><p class="vendor">${t(TEXT.vendor)} · ${escapeHtml(options.gameCode)}</p></div>
<p class="bal"><span id="balance-label">${t(TEXT.balance)}</span> <span class="badge" id="play-money" hidden>${t(TEXT.playMoney)}</span><span id="balance">…</span></p></header>
<main>${stage(kind, language)}
<div><label for="stake">${t(TEXT.stake)}</label> <select id="stake">${stakes}</select></div>
<p id="result" role="status" aria-live="polite"></p><p id="error" role="alert"></p>
<p class="rules">${t(TEXT.paytable[kind])}</p></main>
<script type="application/json" id="text">${JSON.stringify(scriptText).replace(/</g, '\\u003c')}</script>
<script>${SCRIPT}</script></body></html>`;
}
