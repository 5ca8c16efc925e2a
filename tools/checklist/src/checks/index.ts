import type { Check } from '../context';
import { checkBrandTokens, checkMonogram } from './brand';
import { checkCoverage, checkSmokeTests } from './ci';
import { checkJsonLogging, checkOidc } from './code';
import { checkContextFile } from './context-file';
import { checkContract } from './contract';
import { checkFrontmatter, checkMaintainer, checkPublicDocs } from './service-file';

/** The check of every repository-side checklist item, by `ChecklistItem.id` (libs/schemas marketplace). */
export const REPOSITORY_CHECKS: Readonly<Record<string, Check>> = {
  monogram_svg: checkMonogram,
  context_file: checkContextFile,
  versioned_contract: checkContract,
  brand_tokens: checkBrandTokens,
  ci_smoke_tests: checkSmokeTests,
  test_coverage_60: checkCoverage,
  structured_json_logging: checkJsonLogging,
  oidc_shared_library: checkOidc,
  public_docs: checkPublicDocs,
  maintainer_declared: checkMaintainer,
  frontmatter_template_v1: checkFrontmatter,
};
