// The report's notes: what the suite does not measure yet, and what holds the failing goals back, one line
// each, written from reading the runs' figures (tests/bench/results). A note that names an item ("Item 1: ...")
// stays with that item's figures when a run measures some items only (report.ts).

/** What the suite does not measure yet, and what holds the failing goals back: one line each. */
export const NOT_MEASURED = [
  'Item 1: two causes, both fixed. (a) FerretDB v1.24 pushes down only a lone `_id` equality, so the lookups by applicationId, userId, userName, ' +
    'tokenHash and the revocation poll read whole collections: every hot lookup is now by `_id` (docs/ferretdb.md). (b) FerretDB ' +
    "v1.24.2's SQLite backend missed its own `_id` index (filter `->'$._id'`, index `->\"_id\"`), so even `_id` lookups read every row " +
    '(82 ms at 50,000 documents): patched in tools/ferretdb (0.5 ms at any size).',
  "Item 1's sizes run one after the other on one growing database (they cannot be interleaved), so their ratios carry the machine's " +
    "drift from other work (each size's counted rounds are beside its figures). Every lookup on these paths is an index lookup now, whose " +
    'cost does not grow with the data (measured directly on FerretDB: findOne by `_id` 0.5 ms at 1,000, 10,000 and 50,000 documents). ' +
    'Read a figure below 0.8× at the largest size with its rounds: rounds that range widely point at the machine, steady ones at the data.',
  'Item 1 on a quiet machine (2026-11-25, bca4892, nothing else running, load average 2 to 4): every operation at 100,000 applications at or above its 1,000 figure (read path 1.17×, sign-in 1.02×, stage update 1.22×, owner save 1.00×; counted rounds steady, beside each figure). The two runs of 2026-11-24 (f6c4c4d and 1dc2f6c) shared the machine with other work (load average 4 to 12) and disagreed at 100,000 (0.43× to 1.92×); this run settles it.',
  "Item 2: FerretDB on PostgreSQL pushes equality down as `_jsonb->'field' @> value`, which its btree `_id` index cannot serve, so on " +
    'PostgreSQL every lookup (`_id` too) is a sequential scan; SQLite with the patch serves them from the index. Item 2 figures are a run on ' +
    'PostgreSQL after the SQLite run of the same day (not interleaved). SQLite stays the default.',
  "Item 2's SQLite baselines are the earlier SQLite run's figures (commit f6c4c4d; the PostgreSQL run differs from it in benchmark code and documents only), not the item 1 rows above.",
  "Item 5: the stand-ins (CRM, e-sign, offers) time every request they answer, and the e-sign stand-in counts the 300 ms it simulates converting a document; each api call's orchestration time is its wall time less the stand-in time within it (a request made while several calls were in flight is shared evenly among them; the note gives the bound with all of it subtracted). Stand-in time is a few per cent of the calls: the wall time is orchestration. The driver retries a 503 TRY_AGAIN (the database busy) with its Idempotency-Key after the Retry-After, as the web app does, and the figure counts those retries; before 2026-11-25 it counted such an answer as a failed journey.",
  'Item 5, 2026-11-25 (before: 63.8 applications/min, orchestration p95 2,112 ms on 23f106c the same morning): (a) fewer round trips ' +
    '(then behind a patch marker for new runs; one course since, docs/decisions/009-one-workflow-course-patch-rule.md): the record writes ' +
    'inside the updates (saveCrmLeadIds, saveSignatureId, saveOpportunityId) run as local activities, in the worker inside the workflow task, ' +
    'where each was an activity task and one more workflow task; the final submission asks the CRM for the rep while the offer email goes; ' +
    'StalledSince moves by whole minutes, so most progress upserts no search attribute (23 upserts in a journey before). (b) The Temporal dev ' +
    "server's SQLite wrote a rollback journal with a sync per transaction (35 to 60 MB/s of disk writes during the journeys): now WAL with " +
    'NORMAL sync, and activities dispatched eagerly with the workflow task answer. Earlier runs of 200 on this code, beside other ' +
    'work on the same cores: 82.7/min with p95 1,262 ms, 74.2/min with 1,429 ms. What holds it back: the 2 cores are saturated during the journeys ' +
    '(run queue 7 to 10; Temporal 75%, FerretDB 44%, api 31%, worker 25% of the 200%), so every hop between the processes waits for a core: ' +
    'under this load a workflow task spends 150 to 500 ms between the worker taking it and answering it, and an update that runs an activity ' +
    'takes at least two such tasks. The same code at concurrency 5 (60 journeys, --journey-concurrency=5): 60.7/min, p95 427 ms, stage moves ' +
    'p50 40 ms; at 2 (the smoke) 257 ms: the stack tops out near 75 applications a minute on these cores, and beyond that the calls queue. The 250 ms goal needs the stages spread over more cores (Temporal, FerretDB and the api each have their ' +
    "own in production), or fewer activities in the applicant's updates than the spec's calls allow (CRM, e-sign, offers, email).",
  "Item 5, the browser's journey (`--only=browser`, 2026-11-29): the web app's own modules (web/src: api modules, route " +
    'loaders, the journey machine) run in a process of their own with one tab per applicant (tests/bench/browser/), so the requests, ' +
    "the reads each page's loader makes and the stage moves are the app's; the order of the pages and what each page does is the " +
    "driver's script (browser/journey.ts). It makes 79 api calls a journey against the bench journey's 26 (drafts read, saved and " +
    "dropped on five pages, the file list after each upload, the session and the business read again by each page's guard and loader, " +
    "the signature's status each second after the return from the signer's page, three statement months for Texas) and its history " +
    "has 120 to 134 events against 100 to 112. Its rounds interleave with the bench journey's: compare the two rows' CPU per " +
    "application, which the machine's load moves less than the rate. A full run measures it on the stack as `npm start` runs it: " +
    "through the web server (Vite's preview server, /api proxied, each applicant from a loopback address of its own), traces " +
    "sampled at 0.1 (production's TRACES_SAMPLE_RATIO) through the OpenTelemetry Collector to Zipkin, Prometheus scraping the " +
    "api's, the worker's and Temporal's metrics, their CPU counted in the 'web' and 'observability' groups; `--bare-stack` " +
    'measures the api alone, without traces or metrics, as the smoke run does.',
  'Item 5 at three sizes: the journeys run against books of 1,000, 10,000 and 100,000 applications grown in turn in one ' +
    'database (so the sizes cannot be interleaved; each has its own warm-up, and each figure gives the load average and the CPU others ' +
    'used during it). Each seeded application is a copy, with new ids and keys, of every document a template application of the same run ' +
    'left after its whole journey (read once its workflow history stopped growing): user and its email key, application, business, ' +
    "owners, stage, files with `applicationfiles` and `documentnames`, `signatures`, offers, the worker's `offeremails` and " +
    '`boxsignrequests`, a session; a finished journey leaves no outbox row (`workflowoutbox`, `workflowoutboxapps`), so none is seeded. ' +
    'Each seeded application has its Temporal workflow too (seed-workflows.ts), up to 20,000 in all (WORKFLOW_SEED_CAP, `--journey-seed-workflows` to change): every seeded ' +
    "application at 1,000 and 10,000, and about 10,000 of 100,000's (the rest of that book is in MongoDB only; the figure's note says " +
    'how many workflows Temporal held, closed and running). Each is started as the api starts it (the lead from its own user and ' +
    "business, the api's stall timings, the api's data converter with the application's own key): nine in ten with the operator's " +
    'withdrawApplication signal sent with the start, so each runs the real closing path (the CRM lead made and closed, the record ' +
    "marked Withdrawn) and its history is closed (13 events against a submitted journey's 100 or so: a whole journey per seed would " +
    'cost 0.7 CPU-s each); one in ten is left running, waiting on the applicant with its stall-clock timers pending (8 events; ' +
    "its MongoDB records are still the submitted template's, its workflow at the journey's start). " +
    "Measured on 2026-11-29: 33 workflows a second at 20 in flight (the worker about 29 ms and Temporal 14 ms of CPU each; 11 a second at 10,000 beside other sessions' load average of 20, at 31 and 20 ms), so " +
    "100,000 would take 50 minutes on the 2-core machine. The seeds' CRM calls pass the CRM stand-in's daily allowance (Salesforce's base 100,000), so the run gives its org a larger one first. " +
    "CPU per process is each process tree's utime + stime (children included) over the " +
    'measured journeys, divided by the completed applications; the driver is the bench process, which runs the journeys itself.',
  "Item 5 memory: a finished application stays in the worker's sticky cache until pushed out (the SDK sizes a workflow at about 1.7 MB), so " +
    'with 20 warm-up journeys the worker grew while its cache filled (347 MiB after 20, then 520, 584, 588 and 593 after 120 to 420 journeys: ' +
    'levelling off at the bound, no leak); the warm-up now fills the cache to WORKER_MAX_CACHED_WORKFLOWS (100) first. Before the bound the ' +
    "SDK's default of about 2,300 made 1.39× over 200 journeys. Each figure's note gives the trend after each quarter of the " +
    'journeys. Tried and dropped: reading memory after 15 s idle; V8 had shrunk the heap after the warm-up but not yet after the ' +
    'journeys (the worker still sending documents to the CRM), so the two readings compared unlike moments (api 477 against 609 MiB ' +
    'idle, while under load it read 647, 642, 632 and 609 after each quarter).',
  'Item 6 (the 2026-11-24 report before this change: 0.48× and RSS +114 MiB; earlier 0.28× and 0.20×): the api received and spooled ' +
    'the whole file before its S3 PUT began, so the receive and the PUT followed each other. Changed (202f892 and after): when the ' +
    "request's Content-Length announces the file part's length (browsers and HTTP clients write the form the same way), the file's " +
    'bytes go to a PutObject of that length as they arrive, teed with the spool the inspection reads; the last chunk is held back ' +
    'until the form has ended well and the file proved exactly that long, so a refused, cut short or otherwise-sized upload never ' +
    'completes an object (the local S3 of the time kept the bytes of an abandoned PUT: the key is removed, and the unfinished-upload row, written before ' +
    'the first byte goes, leaves it to the sweep if the api dies); a chunked body, another length or S3 failing before it had every ' +
    'byte falls back to a put from the spool. A scavenge every 8 MB of upload bytes frees the socket buffers that V8 otherwise ' +
    'collects only after 64 MB of them have piled up (RSS: a bare relay of this code +43 MiB without, +10 MiB with). Runs ' +
    'interleaved with the old code (77975c5) on 2026-11-24/25, 3 counted rounds each: old 0.30 to 0.48× (RSS +76 to +103 MiB), new ' +
    '0.59 to 0.85× (RSS +50 to +54 MiB); by load average: new 0.63 to 0.72× at 7 to 11 (old 0.31 to 0.33×), 0.70 to 0.85× at 1.4 to 2, ' +
    '0.59 to 0.65× at 2.5 to 3 (old 0.30 and 0.48×), and 0.78 to 1.17× at 8 to 14, where the direct PUTs fell to 24 to 36 MB/s. ' +
    'What holds it back: the direct PUT uses two processes (client, local S3) and the ' +
    'api path three on the same 2 cores (CPU per 35 MB, measured on a bare relay: client 105 to 176 ms with the form, relay 150 to 250 ms ' +
    "for busboy, the spool's writes and the socket to S3 (90 to 100 without the spool), the local S3 130 to 190 ms); a bare relay of the same streaming code (no Nest, database or inspection) " +
    'reached 0.58 to 0.72× of the direct PUT; after the last byte the answer still waits for the inspection (about 50 ms for this ' +
    'file: reading the spool, the raw scans, pdf-lib) and the File row. Tried and dropped: writing the spool in 1 MB batches (no CPU ' +
    'saved), 4 MB of buffer between the client and S3 (no gain seen under load), a multipart upload (the local S3 of the time rewrote the object whole ' +
    'on completion).',
  'Item 4, 2026-11-26: a real stage move (before, a re-save answered from MongoDB that never reached Temporal). Each applicant goes ' +
    'forward to the next position and back, one caller per applicant, the api and the bare client in the same sequence on the same ' +
    "workflows; a move answered with another position counts as an error. The api's move read the saved stage (for a re-save it " +
    'could not be) and all three answer records before its update: it now reads only the record of the section the step it moves ' +
    'from saves (POST /stage/:id/next: 3 round trips, from 5). Short runs (3 s, 2 counted rounds): before that 0.69× and 1.36× at load average 7 to 11; after, 0.84× and 1.25× at load average ' +
    '10 to 14, 0.87× and 1.23× at 14, 0.88× and 1.19× at 6 (the api spends 5.6 to 6.1 ms of CPU per move, FerretDB 2.5 to 3).',
  'Item 4, 2026-11-26, later: a move reads its three inputs side by side (the saved answers of the section it leaves, the lead changes ' +
    'waiting, whether signals wait in the outbox), judges only that section (no tax id decrypted for a move from /financial), writes ' +
    "its record with one update through the driver and no read back (a mongoose query's building cost the api more CPU than the " +
    "round trip), and a save's write answers what its lead-change document held, so the next move hands it over without reading it " +
    "(POST /stage/:id/next: 4 round trips, from 5). On a quiet machine the api's move costs about 3 ms of api CPU and 3 ms of " +
    "FerretDB's per move above the bare client's 14 ms (Temporal about 8, the worker about 4); the moves/s ratio follows that CPU " +
    '(0.71 to 0.75×). What is left to cut is the outbox check (one read per move, needed so a move never overtakes a signal another ' +
    'replica queued) and the HTTP layer.',
  'Item 6, 2026-11-26 (three runs in a row): 0.22 to 0.28× at load average 5 to 10, where every figure follows CPU: per 35 MB the api ' +
    'path costs the api 314 to 389 ms, S3 143 to 179 and the client 238 to 332 (its FormData) against S3 113 to 127 and the ' +
    'client 51 to 57 for the direct PUT. Cut: the inspection thread was ended after any file past 8 MB (its bytes would stay in it ' +
    'until a collection) and a fresh one loaded pdf-lib and pdf.js for the next upload; it now detaches the file buffer (ArrayBuffer ' +
    'transfer, freed at once) and is kept: the api 671 → 370 ms per 35 MB in back-to-back runs at load average 9 to 13, RSS growth ' +
    'unchanged (38 and 42 MiB). What is left in the api is I/O: the S3 socket writes, the spool writes, busboy and collections.' +
    ' On a quiet machine (load average 1.1, the bench alone) it stays at 0.28×, so not CPU: a probe in the S3 front (not kept) ' +
    "saw the api's PutObject body arrive in 124 to 331 ms only after the whole file had reached the api (the direct PUT: 15 to 57 " +
    "ms), while the client's 35 MB took about 2.5 s to reach the api at 270 to 340 ms of api CPU: the put is not streamed while the " +
    'file arrives against the strict local S3 (moto behind stack/s3-front.ts, since 2026-11-26; 0.74× on 2026-11-25 against the Node S3 stand-in it replaced), ' +
    'and the receive is held back meanwhile (the api RSS +35 MiB: the file waits in memory). Why the streamed put starts only once ' +
    'the file is whole is the next thing to look at.',
  "Item 6, 2026-11-26, later: found. The put did stream (probes in the api, the front and the client: the api's PutObject reached " +
    'the front 2 to 9 ms after it began and kept pace); moto was slow. A stream body goes to S3 aws-chunked (the SDK with ' +
    'requestChecksumCalculation WHEN_SUPPORTED), the front passed it on undecoded, and moto 5.2.5 decodes one by appending each chunk ' +
    'to a bytes object (a copy of everything so far per 64 KiB chunk): it answered 2.7 to 15.7 s after the last byte, against 0.6 to ' +
    '2.0 s for the same bytes sent plain. The front (stack/s3-front.ts) now checks the body as it came (signature, chunk signatures, ' +
    'checksums, Content-MD5, KMS key) and hands moto the decoded bytes with the trailer checksum as its x-amz-checksum-* header, so ' +
    'the object keeps its CRC32 (stack/s3-front.spec.ts). The bench client now writes the form once and sends the bytes, as the ' +
    "direct PUT's client does (its FormData of 35 MB cost it 290 to 376 ms of CPU per upload on the cores the api shares). Three " +
    'full runs in a row at load average 5 to 7 gave 0.73, 0.73 and 0.74× on b7133ae (api CPU 289 to 310 ms per 35 MB, RSS +35 to ' +
    '+38 MiB).',
  'Item 5, 2026-11-26, second round: total CPU per application 0.92 → 0.78 CPU-s at 1,000 applications (quiet machine, b7133ae), ' +
    'and flat at 100,000 (api 1.01×, worker 1.09×, Temporal 0.96×, FerretDB 0.98×, stand-ins 1.07×, driver 0.95×). Cuts: the ' +
    "stand-ins journal each changed record instead of rewriting their whole state file (the CRM's and e-sign's writes fell from 958 " +
    "and 700 ms to 5 and 15 ms in a profile of 40 journeys, and no longer grow with the run); maildev is asked for one address's " +
    "mail; the worker's Box client keeps its connection (11 connections per journey before, 1 now); the api sends no ETag " +
    "(Express hashed every body for one, yet every answer is no-store); the signature poll reads the application alone; FerretDB's " +
    "SQLite commits with WAL and NORMAL sync (as the stack's Temporal does: FULL flushed the log to disk on every commit, and every " +
    "write an api call waited for waited for it). The bench's signature-status poll now follows the web app's cadence (one GET a " +
    'second, signature-page.tsx waitForSignature; it polled every 100 ms, 5 to 10 workflow queries per journey). The sizes run one after another ' +
    "on one stack; the api's RSS drops while it idles through the 100,000 seeding (about two " +
    'minutes) and grows back to its level over the journeys: the quarters show whether it levels off.',
  'Item 5, 2026-11-26, third round (runs on 2177375, 36f8502 and c77bd64): total CPU per application 0.66 to 0.68 CPU-s at ' +
    '1,000 and 10,000 applications and 0.68 to 0.70 at 100,000. Cuts: a first submit-application goes straight to the ' +
    "workflow's update (it asks the workflow with a query only when the record says submitted, or the update finds the run " +
    "ended), a query fewer per journey; a signature start read the e-sign service's whole list of sign requests (1,000 a page) " +
    'on every try, since as a local activity every try counted as a retry: it now reads it only on a try after one that got ' +
    "as far as making the request (a record marks that), and the e-sign stand-in's CPU per application stays at 9 to 10 ms " +
    '(it grew from 10 to 16 over 600 journeys); the e-sign stand-in keeps documents on disk only; the CRM stand-in answers a ' +
    'query in one pass that stops at its LIMIT. The journey driver no longer reads GET /stage before each of its five moves: ' +
    "the web app names the position it keeps (from the user's answer, then each move's answer), so those reads were the " +
    "bench's own. Item 5 logs each stand-in's CPU per application beside the groups. The api's and the worker's RSS breathe " +
    "with V8's heap sizing: the old space fills with dead objects before a collection and is given back after long idles " +
    '(the 100,000 seeding), so a run that starts after one may grow back by a fifth or more (api 1.15 to 1.51×, worker 1.07 ' +
    "to 1.27× across runs; no leak: each levels off at its size of the runs before). Tried and dropped: bounding the api's " +
    'heap (--max-old-space-size 384 or 768, with or without a 128 MB semi-space) kept it at 490 to 630 MiB (1.02 to 1.05×) ' +
    'but cost about 15 ms of CPU per application and took the read path from 0.73 to 0.65× (p99 1.17 to 1.72×); a Unix ' +
    'socket to FerretDB instead of TCP saved nothing measurable.',
  "Item 5, 2026-11-26/27, fourth round (78fa89b): the worker's RSS. V8 sized each of the worker's two heaps (the activities' " +
    "and the workflow thread's) for throughput: a young generation of 2 x 64 MB each, cut to a few MB whenever the worker " +
    'idled (the seeding) and grown back under load, and an old space let grow to about three times its live size before a ' +
    'full collection (inspector probes: the main heap 164 → 267 MB, 120 MB live after). Its RSS swung between about 540 and ' +
    '890 MiB (1.07 to 1.55× over 200 journeys). The worker now runs with --max-semi-space-size=16 and ' +
    '--heap-growing-percent=50 (WORKER_HEAP_FLAGS in stack/local-services.ts, and docker-compose.yml): 440 to 490 MiB idle or ' +
    'busy, 1.00 to 1.03× in every probe and run, at 149 to 168 ms of worker CPU per application (154 to 162 before). Tried on ' +
    'the api and dropped, each costing it throughput: --max-semi-space-size=16 with --heap-growing-percent=50 (RSS 1.11×, read ' +
    'path 0.69×), --max-semi-space-size=32 (1.11×, 0.66×), --heap-growing-percent=50 alone (read path about 0.6×, 185 ms of ' +
    'api CPU per application), --min-semi-space-size=64 (no steadier: 1.29×), --max-semi-space-size=128 (160 to 166 ms of api ' +
    "CPU, but 1.54×). The api's live heap after a full collection is about 91 MB; the rest of its RSS is mostly dead objects " +
    'awaiting a collection, and after an idle or a start it reaches its level (about 750 to 870 MiB) within some 100 ' +
    'journeys, so its growth figure follows where the warm-up leaves it (1.30 and 1.33× at 1,000 in runs 9 and 10, both ' +
    "level from the second quarter). Stage moves: FerretDB's SQLite merged its log into the database every 1,000 pages, each " +
    'merge two syncs and a sort of the log (about 15% of its CPU in item 4, Go pprof); now every 10,000 pages ' +
    "(tools/ferretdb/main.go): FerretDB's CPU per move 2.2 → 1.7 ms, item 4 at 0.79 to 0.83× in four probes and runs (0.77 " +
    "to 0.82× before); the journeys' FerretDB CPU did not change measurably, nor did Temporal's with the same setting for " +
    "its dev server (not kept). The api's own cost per move is unchanged, about 2.5 ms (in its CPU profile the MongoDB socket " +
    'writes alone took about 0.3 ms per command). Run 9 on the same commit passed every goal of the issue but one: CPU per ' +
    'application at 1,000 was 0.704 CPU-s (0.70 and 0.69 at 10,000 and 100,000); run 10 is the report above.',
  'Item 6, 2026-11-26, third round: each run of the upload starts once the machine is quiet (its busy CPU over a second under ' +
    "a quarter of a core, at most 60 s), and the bench's client posts the ready form with node:http as the direct PUT's SDK " +
    "does: fetch's body stream cost the client 253 to 262 ms of CPU per 35 MB on the cores the api shares, now 10 to 17 ms. " +
    'Twelve runs on 2177375, 36f8502, 586c5bb and c77bd64: 0.66 to 0.86×, two below 0.7×.',
  'Item 7: the first visit is 95.5 KiB (goal 100 KiB; 130 KiB on 2026-11-25, 172 on 2026-11-24): a signed-out /sign-up is hydrated ' +
    'without TanStack Router and Query (web/src/first-visit.tsx, lib/nav.tsx), and the whole app (full-app.tsx) loads once the page ' +
    'has shown and takes over when the applicant leaves it; before that the web app had its own translation layer instead of i18next ' +
    '(about 24 KiB) and XState came with the journey actor.',
  "Item 7, 2026-11-26: a signed-in reload of /financial or /owners paints the page's frame (the shell, heading and lead, prerendered at " +
    "build: web/src/journey-shells.ts) as soon as index.html's session check says the applicant stands there, and the page's scripts " +
    "are fetched after that paint (Lighthouse's model charged the paint with every script downloaded before it: /financial's 33 " +
    'preloaded chunks); the app then draws the page over the frame inside a transition. /financial LCP from 2.09× to 0.75× the bare ' +
    'page, TBT from 236 to 5 ms.',
  'Item 7, 2026-11-25: /sign-up is prerendered at build (web/src/prerender.tsx, react-dom/server, English and French; index.html ' +
    'shows one before the first paint, only on /sign-up and only to a visitor without a session) and hydrated; text typed before the ' +
    "app's code runs is kept, and a Continue pressed then is held and made once the page is ready (tests/e2e/prerender.spec.ts). In a real " +
    'browser with the scripts held back 1.5 s the form painted at 0.27 s. A journey page asks for its saved answers from index.html, as ' +
    "soon as the session check names the application. Lighthouse's simulated throttling credits little of the early paint: its model " +
    'counts the scripts that finished downloading before the paint as what the paint waited for, so LCP moved from 1.73× to about 1.66× ' +
    'the bare page; TBT and the score moved more (the entry no longer renders /sign-up from nothing). Tried and dropped: the scripts at ' +
    'low fetch priority (simulated FCP 0.78 s, LCP unchanged, TBT up to 0.32 s).',
  "Item 7's Lighthouse rows: Lighthouse 12.2.3 with its default mobile settings (simulated slow 4G: 150 ms round trips, 1.6 Mbit/s, CPU " +
    '4× slower), headless Debian Chromium, 3 runs per page interleaved with the bare page, each metric the median of its runs; the ' +
    'production build and the bare React page both served as deploy/nginx.conf serves them (tests/bench/static-server.ts: brotli copies made ' +
    "at build, /assets/ cached as immutable); /financial with a signed-in applicant's session cookies in the browser. What holds LCP " +
    'back is bytes and main-thread work, not a blocking resource: the first visit fetches about 130 KiB of compressed JS against about ' +
    "60 for the bare page (a third of a second more on the simulated link) and runs it (the entry's evaluation and the first render are most " +
    'of the blocking time); /financial has its saved answers asked by index.html once the session check answers (since 2026-11-25). The rest of the ' +
    "start runs side by side: index.html asks GET /api/auth/user and modulepreloads the landing page's " +
    'chunks while the entry downloads, and a signed-out check is one round trip (the api says NO_SESSION when no refresh cookie came, ' +
    "so no refresh is tried). The only render-blocking file is the 3 KiB stylesheet; no web fonts; no layout shift. Lighthouse 12.2's " +
    'LCP-element and layout-shift-cause audits fail on this Chromium (its trace gatherer), the metrics do not.',
];
