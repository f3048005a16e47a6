import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventText } from './use-event-text.js';

const pongal = { name: 'Pongal Festival', description: 'Harvest festival', location: 'Adelaide Showground' };

test('English pages show the English fields, unmarked, whatever Tamil an event has', () => {
  const texts = eventText({ ...pongal, ta: { name: 'பொங்கல் விழா' } }, 'en');
  assert.deepEqual(texts.name, { text: 'Pongal Festival', lang: undefined });
  assert.deepEqual(texts.location, { text: 'Adelaide Showground', lang: undefined });
});

test('Tamil pages show each Tamil field an editor wrote; a missing or blank one is the English, marked lang="en"', () => {
  const texts = eventText({ ...pongal, ta: { name: 'பொங்கல் விழா', description: '  ' } }, 'ta');
  assert.deepEqual(texts.name, { text: 'பொங்கல் விழா', lang: undefined });
  assert.deepEqual(texts.description, { text: 'Harvest festival', lang: 'en' });
  assert.deepEqual(texts.location, { text: 'Adelaide Showground', lang: 'en' });
  assert.deepEqual(eventText({ ...pongal, ta: null }, 'ta').name, { text: 'Pongal Festival', lang: 'en' });
});
