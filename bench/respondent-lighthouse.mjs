// `npm run bench` (decision 005): Lighthouse's mobile audit of the respondent page /survey/{id}, served
// by the built server (web app included) on PostgreSQL, in Debian's Chromium. Prints the
// performance score, LCP and CLS next to their aims. CHROME_PATH overrides /usr/bin/chromium.
import { randomUUID } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { aim, median, signUpStaff, startBenchServer } from './lib.mjs';

const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const bench = await startBenchServer({ serveWeb: true });
let chrome;
try {
  const { call } = await signUpStaff(bench.base);
  const template = await call('POST', '/api/survey-templates/', { surveyTemplateName: 'Store visit' });
  const versionId = template.surveyTemplateVersionId;
  const npsId = randomUUID();
  await call('PATCH', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      openingText: 'Thank you for visiting our store. Tell us how it went: it takes a minute.',
      properties: [],
      // The page is measured with survey logic and a second language on (decisions 023
      // and 025), opened in Spanish, so the catalogue and the path rules load as a respondent's would.
      questions: [
        {
          id: npsId,
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'NPS',
        },
        {
          id: randomUUID(),
          type: 'StarRatingScale',
          question: 'Rate your visit',
          label: 'Stars',
          logic: {
            showIf: { join: 'and', conditions: [{ questionId: npsId, operator: 'LESS_THAN', value: 9 }] },
          },
        },
        { id: randomUUID(), type: 'LongTextEntry', question: 'Anything else?', label: 'Comments' },
      ],
      defaultLanguage: 'en',
      translations: {
        es: {
          openingText: 'Gracias por visitar nuestra tienda. Cuéntenos cómo fue: solo lleva un minuto.',
          questions: { [npsId]: { question: '¿Qué probabilidad hay de que nos recomiende?' } },
        },
      },
    },
  });
  await call('PATCH', `/api/survey-templates/${versionId}/state`, { stateCode: 'PUBLISHED' });
  const survey = await call('POST', '/api/surveys/', {
    surveyTemplateVersionId: versionId,
    surveyContactMethods: [{ contactMethodType: 'email', emailAddress: 'respondent@bench.test' }],
    surveyProperties: {},
  });
  const url = `${bench.base}/survey/${survey.surveyId}?lang=es`;

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results = [];
  for (let index = 0; index < runs; index += 1) {
    // The default configuration is the mobile preset (Moto G power, slow 4G, 4x CPU slowdown).
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    results.push({
      score: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue / 1000,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue / 1000,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      surveyFetches: lhr.audits['network-requests'].details.items.filter((item) =>
        item.url.includes('/api/surveys/'),
      ).length,
    });
  }
  console.log(
    `\nLighthouse ${runs} runs, mobile preset, /survey/{id}?lang=es (welcome view; logic and a Spanish translation on)\n`,
  );
  console.log('| run | performance | LCP s | CLS | FCP s | TBT ms | survey API requests |');
  console.log('|---|---|---|---|---|---|---|');
  results.forEach((result, index) => {
    console.log(
      `| ${index + 1} | ${result.score} | ${result.lcp.toFixed(2)} | ${result.cls.toFixed(3)} | ${result.fcp.toFixed(2)} | ${result.tbt.toFixed(0)} | ${result.surveyFetches} |`,
    );
  });
  const score = median(results.map((r) => r.score));
  const lcp = median(results.map((r) => r.lcp));
  const cls = median(results.map((r) => r.cls));
  console.log(
    `\nmedian: performance ${score} (aim: ${aim('Lighthouse performance', '95 or more', score >= 95)}), ` +
      `LCP ${lcp.toFixed(2)} s (aim: ${aim('LCP', 'at most 1.8 s', lcp <= 1.8)}), ` +
      `CLS ${cls.toFixed(3)} (aim: ${aim('CLS', 'at most 0.05', cls <= 0.05)})`,
  );
} finally {
  await chrome?.kill();
  await bench.stop();
}
