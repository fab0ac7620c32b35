(function(){
// Every set of frames the page holds (a match report one, an analysis one per game).
var S=[];
document.querySelectorAll('script.viewer-data').forEach(function(e){S[+e.dataset.set]=JSON.parse(e.textContent);});
// The SVG of game g's frame after ply plies: the board, then the lines on (the ply's move's mark too), in order.
function frame(D,g,ply){var on=new Set(D.games[g][0]);for(var k=0;k<ply;k++){var s=D.games[g][1][k];s[1].forEach(function(i){on.delete(i)});s[0].forEach(function(i){on.add(i)});}
var m=ply>0?D.games[g][2][ply-1]:null;if(m!==null)on.add(m);
var lines=D.board.slice(0,-1);Array.from(on).sort(function(a,b){return a-b}).forEach(function(i){lines.push(D.dict[i])});lines.push(D.board[D.board.length-1]);return lines.join('\n');}
// The viewer the keys step: the last one opened or used.
var current=null;
document.querySelectorAll('.viewer').forEach(function(v){
var D=S[+v.dataset.set],g=+v.dataset.game,n=D&&D.games[g]?D.games[g][1].length:0,ply=0,live=false;
if(!D||!D.games[g])return;
var pic=v.querySelector('.picture'),at=v.querySelector('.ply');
var scope=v.closest('details,section')||document;
var jumps=scope.querySelectorAll('[data-jump]');
function show(p){ply=Math.max(0,Math.min(n,p));live=true;pic.innerHTML=frame(D,g,ply);at.textContent='ply '+ply+' of '+n;
jumps.forEach(function(e){e.classList.toggle('current',+e.dataset.jump===ply);});}
function go(p){show(p);current=v;}
v.addEventListener('click',function(){current=v;});
v.go=function(d){go(d==='start'?0:d==='end'?n:ply+d);};
v.querySelectorAll('button').forEach(function(b){b.hidden=false;b.onclick=function(){var d=b.dataset.step;v.go(d==='start'||d==='end'?d:+d);};});
jumps.forEach(function(e){e.addEventListener('click',function(){go(+e.dataset.jump);});});
var d=v.closest('details');
if(d){d.addEventListener('toggle',function(){if(!d.open){if(current===v)current=null;return;}if(!live)show(0);current=v;});}else show(0);
});
document.addEventListener('keydown',function(e){
if(!current||e.altKey||e.ctrlKey||e.metaKey||/^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName))return;
var d={ArrowLeft:-1,ArrowRight:1,Home:'start',End:'end'}[e.key];
if(d===undefined)return;e.preventDefault();current.go(d);});
})();
