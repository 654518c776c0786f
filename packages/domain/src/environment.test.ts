import { describe, expect, it } from 'vitest';
import { apiBaseFor, detectEnvironment } from './environment.js';

const productionHosts = ['quillpost.example', 'www.quillpost.example'];

describe('detectEnvironment', () => {
  it.each([
    ['localhost', 'local-development'],
    ['LOCALHOST', 'local-development'],
    ['localhost:5173', 'local-development'],
    ['127.0.0.1', 'local-development'],
    ['127.0.0.1:8787', 'local-development'],
    ['::1', 'local-development'],
    ['[::1]', 'local-development'],
    ['[::1]:5173', 'local-development'],
    ['quillpost.local', 'local-development'],
    ['app.localhost', 'local-development'],
    ['quillpost.example', 'production'],
    ['www.quillpost.example', 'production'],
    ['QuillPost.Example.', 'production'],
    ['dev.quillpost.example', 'remote-development'],
    ['staging.quillpost.example', 'remote-development'],
    ['pr-12.preview.quillpost.example', 'remote-development'],
    ['quillpost.example.evil.test', 'remote-development'],
    ['unknown.example', 'remote-development'],
    ['', 'remote-development'],
  ] as const)('%j is %s', (hostname, environment) => {
    expect(detectEnvironment(hostname, { productionHosts })).toBe(environment);
  });

  it('treats every non-local host as development when no production host is configured', () => {
    expect(detectEnvironment('quillpost.example')).toBe('remote-development');
  });
});

describe('apiBaseFor', () => {
  it.each([
    ['local-development', 'http://localhost:5173'],
    ['remote-development', 'https://staging.quillpost.example'],
    ['production', 'https://quillpost.example'],
  ] as const)('%s is same-origin', (environment, origin) => {
    expect(apiBaseFor(environment, origin)).toBe('');
  });
});
