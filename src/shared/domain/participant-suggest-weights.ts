// Written by bench/suggest-fit.ts: a logistic regression over the rows of participationFeatures, fitted on
// simulator seed 1 (65377 member rows from groups of five or more, L2 penalty 1), and the threshold with
// the best overall F1 on that seed (0.8535). The held-out seed was not used. Run it again after changing a feature.
import type { SuggestCombination } from './participant-suggest.ts';

export const FITTED_COMBINATION: SuggestCombination = {
  weights: [
    0.3034, // constant
    0.5541, // vote chance (logit)
    0.9103, // around today (log chance)
    3.4653, // is the payer
    -0.9356, // never seen
    0.9328, // in something today
    0.2013, // in something today without the payer
    0.2522, // in something today with the payer
    -0.1627, // rate with the payer
    0.1624, // recent rate
    -0.0303, // overall rate
    0.3373, // category rate over overall
    0.502, // weekday rate over category
    0.1628, // merchant rate over category
    -0.662, // in another category today
    -1.4027, // at the other table today
    -0.3705, // paid less than the payer
    0.1426, // everyone-prior (logit)
    -0.7024, // young history
    0.1521, // vote chance (logit) × young
    -1.2137, // around today (log chance) × young
    -0.557, // is the payer × young
    0.4544, // never seen × young
    -0.6493, // in something today × young
    0.1897, // in something today without the payer × young
    -0.2175, // in something today with the payer × young
    0.4215, // rate with the payer × young
    -0.9042, // recent rate × young
    0.4706, // overall rate × young
    -0.6412, // category rate over overall × young
    -1.0095, // weekday rate over category × young
    -0.7978, // merchant rate over category × young
    0.3266, // in another category today × young
    -0.6551, // at the other table today × young
    0.5062, // paid less than the payer × young
    -0.5378, // everyone-prior (logit) × young
  ],
  threshold: 0.4,
};
