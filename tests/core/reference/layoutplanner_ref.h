// SPDX-License-Identifier: MIT
#pragma once

// The tests' reference of the planner's optimised closed form (shardscope_planref, a test-only library: the shipped
// core does not contain it).

#include "shardscope/layoutplanner.h"
#include "shardscope/scenario.h"

namespace shardscope {

/// Every number of the layout a full scenario sets, from computeFootprint() and the planner's straightforward
/// closed form as first written (every ZeRO unit walked, every schedule placed; layoutplanner_ref.cpp here).
/// The reference the optimised evaluator of planLayouts() and evaluateLayout() is tested against (tst_planspeed,
/// tst_layoutplanner); slower, same numbers up to floating rounding.
PlanLayout evaluateLayoutReference(const Scenario& s);

} // namespace shardscope
