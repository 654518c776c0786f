/**
 * The domain's full message catalogue, as its own module so it can be a lazy chunk: the first
 * load carries only SHELL_MESSAGES, and a failed API call loads this to name its error code.
 */
export { isMessageCode, MESSAGES } from '@quillpost/domain';
