/**
 * The sportsbook's mobile page: one small self-contained HTML document (inline styles, one
 * inline script allowed by its hash, no requests but its own API), for a 360 × 640 phone, in
 * Bengali or English. Tabs for cricket, football, kabaddi, e-sports and cockfight list the events
 * (live first; the launch's tile picks the tab it opens on); an
 * event shows its scoreboard and markets, refreshed every second so live odds move and
 * suspended markets grey out; the slip takes singles and accumulators; my bets lists open and
 * settled bets with their cash-out price. Everything is decided on the server.
 */
import { createHash } from 'node:crypto';
import type { Language, Localized } from '@khela/contract/language';
import { fontPreloadLink, NO_PAGE_FONT, PAGE_FONT_STACK, type PageFont } from '../page-font';
import type { Sport } from './domain/types';

const TEXT: Record<string, Localized> = {
  title: { EN: 'Sportsbook', BN: 'স্পোর্টসবুক' },
  balance: { EN: 'Balance', BN: 'ব্যালেন্স' },
  cricket: { EN: 'Cricket', BN: 'ক্রিকেট' },
  football: { EN: 'Football', BN: 'ফুটবল' },
  kabaddi: { EN: 'Kabaddi', BN: 'কাবাডি' },
  esports: { EN: 'E-sports', BN: 'ই-স্পোর্টস' },
  cockfight: { EN: 'Cockfight', BN: 'মোরগ লড়াই' },
  myBets: { EN: 'My bets', BN: 'আমার বেট' },
  open: { EN: 'Open', BN: 'খোলা' },
  settled: { EN: 'Settled', BN: 'নিষ্পত্তি' },
  live: { EN: 'Live', BN: 'লাইভ' },
  suspended: { EN: 'Suspended', BN: 'স্থগিত' },
  scoreboard: { EN: 'Scoreboard', BN: 'স্কোরবোর্ড' },
  back: { EN: 'Back to events', BN: 'ইভেন্টে ফিরুন' },
  slip: { EN: 'Bet slip', BN: 'বেট স্লিপ' },
  emptySlip: { EN: 'Tap odds to add a selection', BN: 'নির্বাচন যোগ করতে অডসে চাপুন' },
  stake: { EN: 'Stake', BN: 'স্টেক' },
  acceptance: { EN: 'When odds change', BN: 'অডস বদলালে' },
  ask: { EN: 'Ask me', BN: 'আমাকে জিজ্ঞাসা করুন' },
  higher: { EN: 'Accept higher odds', BN: 'বেশি অডস নিন' },
  any: { EN: 'Accept any odds', BN: 'যেকোনো অডস নিন' },
  place: { EN: 'Place bet', BN: 'বেট করুন' },
  remove: { EN: 'Remove', BN: 'সরান' },
  returns: { EN: 'Potential return', BN: 'সম্ভাব্য রিটার্ন' },
  noEvents: { EN: 'No events right now', BN: 'এখন কোনো ইভেন্ট নেই' },
  noBets: { EN: 'No bets', BN: 'কোনো বেট নেই' },
  message: { EN: 'Message', BN: 'বার্তা' },
};

const SCRIPT_TEXT: Record<string, Localized> = {
  ...TEXT,
  placed: { EN: 'Bet placed', BN: 'বেট হয়েছে' },
  cashOut: { EN: 'Cash out {amount}', BN: 'ক্যাশ আউট {amount}' },
  cashedOut: { EN: 'Cashed out {amount}', BN: 'ক্যাশ আউট হয়েছে {amount}' },
  single: { EN: 'Single', BN: 'সিঙ্গেল' },
  accumulator: { EN: 'Accumulator ({n} legs)', BN: 'অ্যাকুমুলেটর ({n} লেগ)' },
  stakeLine: { EN: 'Stake {stake} · odds {odds}', BN: 'স্টেক {stake} · অডস {odds}' },
  won: { EN: 'Won', BN: 'জিতেছে' },
  lost: { EN: 'Lost', BN: 'হেরেছে' },
  void: { EN: 'Void', BN: 'বাতিল' },
  half_won: { EN: 'Half won', BN: 'অর্ধেক জয়' },
  half_lost: { EN: 'Half lost', BN: 'অর্ধেক হার' },
  returned: { EN: 'Returned', BN: 'ফেরত' },
  cashed_out: { EN: 'Cashed out', BN: 'ক্যাশ আউট' },
  cancelled: { EN: 'Cancelled', BN: 'বাতিল' },
  paid: { EN: 'Paid {amount}', BN: 'প্রদান {amount}' },
  failed: {
    EN: 'The sportsbook could not be reached, please try again',
    BN: 'স্পোর্টসবুকে পৌঁছানো যায়নি, আবার চেষ্টা করুন',
  },
  starts: { EN: 'Starts {time}', BN: 'শুরু {time}' },
  finished: { EN: 'Finished', BN: 'শেষ' },
  abandoned: { EN: 'Abandoned', BN: 'পরিত্যক্ত' },
};

const STYLE = `
*{box-sizing:border-box}[hidden]{display:none!important}html,body{margin:0}button,select,input{font-family:inherit;font-size:15px}
body{font:15px/1.35 ${PAGE_FONT_STACK};background:#0b1220;color:#f1f5f9}
header{position:sticky;top:0;z-index:2;background:#13203a;padding:8px 12px;display:flex;justify-content:space-between;align-items:center}
h1{font-size:17px;margin:0}.bal{text-align:right;font-size:12px;color:#cbd5e1;margin:0}.bal b{display:block;font-size:16px;color:#fff}
/* Three tabs a row on a phone, six on a wider screen: one scrolling row hid cockfight and my
   bets past a 360 px screen's edge with no sign there was more. */
nav{display:grid;grid-template-columns:repeat(3,1fr);gap:4px;padding:6px 8px;background:#0f1a30}
@media (min-width:600px){nav{grid-template-columns:repeat(6,1fr)}}
nav button{min-height:40px;padding:2px 6px;border:0;border-radius:8px;background:#1e2d4d;color:#e2e8f0}
nav button[aria-selected=true]{background:#16a34a;color:#fff;font-weight:700}
main{padding:8px 10px 180px;max-width:480px;margin:0 auto}
.ev{display:block;width:100%;text-align:left;background:#15233f;color:#f1f5f9;border:0;border-radius:10px;padding:10px;margin:0 0 8px}
.ev small{color:#94a3b8;display:block}.live{color:#f87171;font-weight:700}
.odds{display:flex;gap:6px;margin-top:6px;flex-wrap:wrap}
.odds button{flex:1;min-width:30%;min-height:44px;border:1px solid #334155;border-radius:8px;background:#1e293b;color:#fff;padding:4px}
.odds button b{display:block;color:#fde047}.odds button[aria-pressed=true]{background:#a16207}
.odds button:disabled{opacity:.45}
.board{background:#1d2b4a;border-radius:10px;padding:10px;margin-bottom:8px}.board p{margin:2px 0}
.mk{background:#111c33;border-radius:10px;padding:8px;margin-bottom:8px}.mk h3{font-size:14px;margin:0;display:flex;justify-content:space-between}
.badge{background:#f59e0b;color:#111;border-radius:6px;padding:0 6px;font-size:11px}
#slip{position:fixed;left:0;right:0;bottom:0;background:#13203a;border-top:2px solid #16a34a;padding:8px 12px;max-height:60vh;overflow:auto}
/* An empty slip is its heading and hint: at 360×640 its stake row covered half the list. */
#slip:has(#legs:empty) :is(.row,p:has(#return),#place){display:none}
#slip h2{font-size:15px;margin:0 0 4px}#slip ul{list-style:none;margin:0;padding:0}#slip li{display:flex;justify-content:space-between;gap:6px;font-size:13px;padding:2px 0}
#slip li button{background:none;border:0;color:#fca5a5}
/* The odds-change choice as wide as its longest option, beside the stake when both fit and under
   it when not: at 360 px half the row cut Bengali's "ask me" off. */
.row{display:flex;flex-wrap:wrap;gap:6px 8px;align-items:end;margin-top:6px}.row label{flex:1 1 6rem;font-size:12px;color:#cbd5e1}
.row label:has(select){flex-basis:auto}
.row input,.row select{display:block;width:100%;padding:8px;border-radius:8px;border:0}.row select{width:auto;min-width:100%}
button.go{width:100%;min-height:46px;margin-top:6px;border:0;border-radius:10px;background:#16a34a;color:#fff;font-weight:700;font-size:17px}
button:disabled{opacity:.5}button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #facc15}
.bet{background:#15233f;border-radius:10px;padding:10px;margin-bottom:8px}.bet p{margin:2px 0}.bet h3{font-size:15px;margin:0}
main>h2{font-size:15px;margin:2px 0 8px}.board h2{font-size:16px;margin:0 0 2px}.which{display:flex;gap:4px;margin-bottom:8px}.which button{flex:1;min-height:40px;border:0;border-radius:8px;background:#1e2d4d;color:#e2e8f0}.which button[aria-selected=true]{background:#16a34a;color:#fff;font-weight:700}.bet small{color:#94a3b8}
.bet button{margin-top:6px;width:100%;min-height:42px;border:0;border-radius:8px;background:#f59e0b;color:#111;font-weight:700}
#msg{margin:0;padding:0 12px;font-weight:700}#msg:not(:empty){padding:6px 12px;background:#13203a}#msg.err{color:#fca5a5}
`;

/** Static: the same bytes for every page, so its hash is worked out once for the CSP. */
const SCRIPT = `(function(){
var d=document.body.dataset,token=d.token,lang=d.lang,T=JSON.parse(document.getElementById('text').textContent);
var $=function(id){return document.getElementById(id)},main=$('main'),msg=$('msg');
var view={tab:d.sport||'cricket',event:null,which:'open'},slip=[],cur='BDT',busy=false;
function esc(s){return String(s).replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]})}
function fill(t,v){return t.replace(/\\{(\\w+)\\}/g,function(_,k){return v[k]})}
function money(m){return (cur==='BDT'?'\\u09f3':cur+' ')+(m/100).toLocaleString(lang==='BN'?'bn-BD':'en-US',{minimumFractionDigits:2,maximumFractionDigits:2})}
function odds(o){return (o/100).toFixed(2)}
function api(path,init){return fetch('/sportsbook/api/'+path+(path.indexOf('?')<0?'?':'&')+'lang='+lang,init).then(function(r){return r.json().then(function(j){if(!r.ok)throw j;return j},function(){throw {}})},function(){throw {}})}
function say(t,bad){msg.textContent=t||'';msg.className=bad?'err':''}
function post(path,body){return api(path,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)})}
function balance(){return api('bets?which=open&token='+encodeURIComponent(token)).then(function(j){cur=j.currency;$('balance').textContent=money(j.balance);return j})}
function inSlip(f,m,s){return slip.some(function(l){return l.fixtureId===f&&l.marketId===m&&l.selectionId===s})}
function oddsButtons(ev,mk){return '<div class="odds" role="group" aria-label="'+esc(mk.name)+'">'+mk.selections.map(function(s){
 return '<button type="button" data-f="'+esc(ev.id)+'" data-m="'+esc(mk.id)+'" data-s="'+esc(s.id)+'" data-o="'+s.odds+'" data-n="'+esc(s.name)+'" data-e="'+esc(ev.home+' v '+ev.away)+'" aria-pressed="'+inSlip(ev.id,mk.id,s.id)+'" aria-label="'+esc(s.name+' '+odds(s.odds))+'"'+(mk.status!=='open'?' disabled':'')+'>'+esc(s.name)+'<b>'+odds(s.odds)+'</b></button>'}).join('')+'</div>'}
function status(ev){return ev.status==='live'?'<span class="live">'+T.live+'</span> '+esc(ev.score):ev.status==='scheduled'?fill(T.starts,{time:new Date(ev.startAt).toLocaleTimeString(lang==='BN'?'bn-BD':'en-US',{hour:'2-digit',minute:'2-digit',hourCycle:'h23'})}):T[ev.status]+' '+esc(ev.score)}
function names(ev){return ev.home+' v '+ev.away}
function list(){return api('events?sport='+view.tab).then(function(j){
 if(view.event||view.tab==='mine')return;main.dataset.view='list';
 main.innerHTML='<h2>'+T[view.tab]+'</h2>'+(j.events.length?j.events.map(function(ev){return '<section class="ev" aria-label="'+esc(names(ev))+'"><button type="button" class="ev" data-open="'+esc(ev.id)+'"><b>'+esc(names(ev))+'</b><small>'+esc(ev.competition)+' · '+ev.format+'</small><small>'+status(ev)+'</small></button>'+(ev.main?oddsButtons(ev,ev.main):'')+'</section>'}).join(''):'<p>'+T.noEvents+'</p>')})}
function put(id,html){var e=$(id);if(e.innerHTML!==html)e.innerHTML=html}
function event(){return api('events/'+encodeURIComponent(view.event)).then(function(j){
 if(!view.event)return;var ev=j.event;
 // The scoreboard stays in place while the match plays, so its live region is heard.
 if(main.dataset.view!=='event:'+ev.id){main.dataset.view='event:'+ev.id;main.innerHTML='<button type="button" class="ev" data-back="1">\u2190 '+T.back+'</button><section class="board" aria-labelledby="evh"><h2 id="evh"></h2><p id="evs" role="status" aria-label="'+T.scoreboard+'"></p><p id="evl"></p></section><div id="mks"></div>'}
 put('evh',esc(names(ev)));put('evs',status(ev));put('evl',esc(ev.latest||''));
 put('mks',j.markets.map(function(mk,i){return '<section class="mk" aria-labelledby="mk'+i+'"><h3 id="mk'+i+'">'+esc(mk.name)+(mk.status==='suspended'?' <span class="badge">'+T.suspended+'</span>':'')+'</h3>'+oddsButtons(ev,mk)+'</section>'}).join(''))})}
function mine(){return balance().then(function(open){var p=view.which==='open'?Promise.resolve(open):api('bets?which=settled&token='+encodeURIComponent(token));return p}).then(function(j){
 if(view.tab!=='mine')return;main.dataset.view='mine';
 var tabs='<h2>'+T.myBets+'</h2><div role="tablist" aria-label="'+T.myBets+'" class="which"><button type="button" role="tab" data-which="open" aria-selected="'+(view.which==='open')+'">'+T.open+'</button><button type="button" role="tab" data-which="settled" aria-selected="'+(view.which==='settled')+'">'+T.settled+'</button></div>';
 main.innerHTML=tabs+(j.bets.length?j.bets.map(function(b){
  var head=b.kind==='single'?T.single:fill(T.accumulator,{n:b.legs.length});
  var legs=b.legs.map(function(l){return '<p><small>'+esc(l.event)+' · '+esc(l.market)+'</small><br>'+esc(l.selection)+' @ '+odds(l.odds)+'</p>'}).join('');
  var end=b.result?'<p><b>'+(T[b.result]||b.result)+'</b> · '+fill(T.paid,{amount:money(b.paidMinor)})+'</p>':'';
  var cash=b.cashOutMinor!==null&&b.state==='open'?'<button type="button" data-cash="'+esc(b.betId)+'" data-q="'+b.cashOutMinor+'">'+fill(T.cashOut,{amount:money(b.cashOutMinor)})+'</button>':'';
  return '<article class="bet" aria-label="'+esc(head+': '+b.legs.map(function(l){return l.event}).join(', '))+'"><h3>'+head+'</h3>'+legs+'<p>'+fill(T.stakeLine,{stake:money(b.stakeMinor),odds:odds(b.odds)})+'</p><p><small>'+T.returns+': '+money(b.potentialReturnMinor)+'</small></p>'+end+cash+'</article>'}).join(''):'<p>'+T.noBets+'</p>')})}
function refresh(){if(busy)return;var p=view.tab==='mine'?mine():view.event?event():list();p.catch(function(){});if(view.tab!=='mine')balance().catch(function(){})}
function drawSlip(){var ul=$('legs');ul.innerHTML=slip.map(function(l,i){return '<li><span>'+esc(l.name)+' @ '+odds(l.odds)+'<br><small>'+esc(l.event)+'</small></span><button type="button" data-rm="'+i+'" aria-label="'+T.remove+' '+esc(l.name)+'">\\u2715</button></li>'}).join('');
 $('empty').hidden=slip.length>0;var stake=Math.round(parseFloat($('stake').value||'0')*100),o=slip.reduce(function(a,l){return a*l.odds/100},1);
 $('return').textContent=slip.length&&stake>0?money(Math.floor(stake*o)):'';$('place').disabled=!slip.length||!(stake>0)}
document.addEventListener('click',function(e){var b=e.target.closest('button');if(!b)return;
 if(b.dataset.tab){view.tab=b.dataset.tab;view.event=null;$('slip').hidden=view.tab==='mine';document.querySelectorAll('nav#tabs button').forEach(function(x){x.setAttribute('aria-selected',String(x===b))});main.innerHTML='';refresh()}
 else if(b.dataset.open){view.event=b.dataset.open;refresh()}
 else if(b.dataset.back){view.event=null;refresh()}
 else if(b.dataset.which){view.which=b.dataset.which;refresh()}
 else if(b.dataset.m){var f=b.dataset.f,m=b.dataset.m,s=b.dataset.s;if(inSlip(f,m,s)){slip=slip.filter(function(l){return !(l.fixtureId===f&&l.marketId===m&&l.selectionId===s)})}else{slip=slip.filter(function(l){return l.fixtureId!==f});slip.push({fixtureId:f,marketId:m,selectionId:s,odds:+b.dataset.o,name:b.dataset.n,event:b.dataset.e})}b.setAttribute('aria-pressed',String(inSlip(f,m,s)));drawSlip()}
 else if(b.dataset.rm){slip.splice(+b.dataset.rm,1);drawSlip();refresh()}
 else if(b.dataset.cash){busy=true;b.disabled=true;say('');post('bets/'+encodeURIComponent(b.dataset.cash)+'/cash-out',{token:token,quotedMinor:+b.dataset.q}).then(function(j){$('balance').textContent=money(j.balance);say(fill(T.cashedOut,{amount:money(j.paidMinor)}))},function(j){say((j&&j.message)||T.failed,true)}).then(function(){busy=false;refresh()})}
});
$('stake').addEventListener('input',drawSlip);
$('place').addEventListener('click',function(){var stake=Math.round(parseFloat($('stake').value)*100);busy=true;$('place').disabled=true;say('');
 post('bets',{token:token,stakeMinor:stake,acceptance:$('accept').value,legs:slip.map(function(l){return {fixtureId:l.fixtureId,marketId:l.marketId,selectionId:l.selectionId,odds:l.odds}})}).then(function(j){
  $('balance').textContent=money(j.balance);say(T.placed);slip=[]},function(j){
  if(j&&j.data&&j.data.legs)j.data.legs.forEach(function(n){slip.forEach(function(l){if(l.fixtureId===n.fixtureId&&l.marketId===n.marketId&&l.selectionId===n.selectionId)l.odds=n.odds})});
  say((j&&j.message)||T.failed,true)}).then(function(){busy=false;drawSlip();refresh()})});
drawSlip();refresh();setInterval(refresh,1000);
})();`;

export const SPORTSBOOK_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

export const sportsbookPageCsp = (frameAncestor: string) =>
  [
    "default-src 'none'",
    `script-src ${SPORTSBOOK_SCRIPT_HASH}`,
    "style-src 'unsafe-inline'",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-ancestors ${frameAncestor}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

/** The sports' tabs, the launched one selected. */
const SPORT_TABS: Sport[] = ['cricket', 'football', 'kabaddi', 'esports', 'cockfight'];
const sportTabs = (t: (key: string) => string, selected: Sport) =>
  SPORT_TABS.map(
    (sport) =>
      `<button type="button" role="tab" data-tab="${sport}" aria-selected="${sport === selected}">${t(sport)}</button>`,
  ).join('\n');

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function sportsbookPage(options: {
  token: string;
  language: Language;
  font?: PageFont;
  /** The tab it opens on (the launch's tile): cricket unless told. */
  sport?: Sport;
}): string {
  const { language } = options;
  const sport = options.sport ?? 'cricket';
  const t = (key: string) => escapeHtml(TEXT[key]![language]);
  const font = options.font ?? NO_PAGE_FONT;
  const text = Object.fromEntries(Object.entries(SCRIPT_TEXT).map(([k, v]) => [k, v[language]]));
  return `<!doctype html>
<html lang="${language === 'BN' ? 'bn' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('title')}</title>${fontPreloadLink(font)}<style>${font.css}${STYLE}</style></head>
<body data-token="${escapeHtml(options.token)}" data-lang="${language}" data-sport="${sport}">
<header><h1>${t('title')}</h1><p class="bal"><span id="ball">${t('balance')}</span><b id="balance" role="status" aria-labelledby="ball">…</b></p></header>
<nav id="tabs" role="tablist" aria-label="${t('title')}">
${sportTabs(t, sport)}
<button type="button" role="tab" data-tab="mine" aria-selected="false">${t('myBets')}</button>
</nav>
<p id="msg" role="status" aria-label="${t('message')}"></p>
<main id="main"></main>
<section id="slip" aria-label="${t('slip')}"><h2>${t('slip')}</h2><p id="empty">${t('emptySlip')}</p><ul id="legs"></ul>
<div class="row"><label>${t('stake')}<input id="stake" type="number" inputmode="decimal" min="0" step="1" value="100"></label>
<label>${t('acceptance')}<select id="accept"><option value="ask">${t('ask')}</option><option value="higher">${t('higher')}</option><option value="any">${t('any')}</option></select></label></div>
<p>${t('returns')}: <b id="return"></b></p>
<button type="button" class="go" id="place">${t('place')}</button></section>
<script type="application/json" id="text">${JSON.stringify(text).replace(/</g, '\\u003c')}</script>
<script>${SCRIPT}</script>
</body></html>`;
}
