import pg from 'pg';
const c = new pg.Client({connectionString: 'postgres://postgres@127.0.0.1:5432/postgres'}); await c.connect();
await c.query('create table if not exists zz_micro(x int)');
async function t(name, n, f){ for(let i=0;i<100;i++) await f(i); const s=performance.now(); for(let i=0;i<n;i++) await f(i); const ms=performance.now()-s; console.log(name.padEnd(34), Math.round(n/ms*1000)+'/s', (ms/n*1000).toFixed(0)+'µs'); }
for (let r=0;r<2;r++){
await t('tx insert', 1000, async () => { await c.query('begin'); await c.query('insert into zz_micro values (1)'); await c.query('commit'); });
await t('tx insert + select 1', 1000, async () => { await c.query('begin'); await c.query('insert into zz_micro values (1)'); await c.query('select 1'); await c.query('commit'); });
await t('tx insert + pg_notify', 1000, async () => { await c.query('begin'); await c.query('insert into zz_micro values (1)'); await c.query(`select pg_notify('zz', '')`); await c.query('commit'); });
await t('autocommit insert', 1000, () => c.query('insert into zz_micro values (1)'));
await t('autocommit insert+notify (1 stmt)', 1000, () => c.query(`with i as (insert into zz_micro values (1)) select pg_notify('zz','')`));
}
await c.query('drop table zz_micro');
await c.end();
