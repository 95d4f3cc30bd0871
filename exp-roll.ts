import { readFileSync } from 'node:fs';
import { parseBoards } from './lib/samegame/text.js';
import { Kernel } from './lib/samegame/kernel.js';
import { randomPlayout } from './lib/samegame/playout.js';
import { createRandom } from './lib/core/random.js';
const b = parseBoards(readFileSync('datasets/samegame/demo-board.txt','utf8'));
if (!b.ok) throw 1;
const root = Kernel.fromBoard(b.value[0]); const k = root.clone(); const r = createRandom(1);
const counts=[0,0,0,0,0]; for (const c of b.value[0].cells) counts[c]++;
const tabu = counts.indexOf(Math.max(...counts));
for (const t of [-1, tabu]) { let best=0, sum=0, n=0; const t0=performance.now(); while (performance.now()-t0<2000){ k.copyFrom(root); const p=randomPlayout(k,r,undefined,undefined,t); sum+=p; n++; if(p>best)best=p;} console.log('tabu',t,'playouts/s',(n/2).toFixed(0),'mean',(sum/n).toFixed(0),'best',best); }
