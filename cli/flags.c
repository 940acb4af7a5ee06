/* flags.c: see flags.h. The texts are the "notes" of the vector files. */
#include <string.h>

#include "../src/ccref.h"
#include "flags.h"

static const flag_info flags[FLAG_COUNT] = {
    [FLAG_RANDOM] = {"Random", "BASIC",
        "A random, well-conditioned pose and motion: body origins in [-2,2]^3, stations and frame origins in "
        "[-1,1]^3, radii and lengths in [0.1,2], distances whose direction is taken at least 0.5, edges with "
        "|df x db| >= 1/4, speeds up to 2.6, multipliers in [-3,3] (spec/conventions.md section 9).",
        "Every engine implementing the formula must match within the tolerance."},
    [FLAG_EXACTLY_ASSEMBLED] = {"ExactlyAssembled", "EDGE_CASE",
        "The constraint is satisfied exactly: rotations are signed permutations, coordinates dyadic and body 2 "
        "moves with body 1's rigid motion, so perr, verr and aerr are exactly zero in real arithmetic.",
        "The expected rows are exact zeros; an engine's rows must be within the tolerance (a few units of the "
        "rounding of its inputs)."},
    [FLAG_NEARLY_ASSEMBLED] = {"NearlyAssembled", "EDGE_CASE",
        "A parameter (length, height, radius, station) is set from the computed geometry so that perr is within "
        "a few ulps of zero, and body 2 moves with body 1's rigid motion, so verr is near zero too: the rows are "
        "small differences of large terms.",
        "Compare in absolute terms: the tolerance, not a relative error, is the criterion."},
    [FLAG_ULP_GRID] = {"UlpGrid", "EDGE_CASE",
        "An input is moved k units in the last place (k small) away from an exactly degenerate configuration, in "
        "the manner of Kettner et al., 'Classroom examples of robustness problems in geometric computations'.",
        "Engines that decide branches on computed values may disagree with the exact decision here; the "
        "DecisionBand flag marks the tests where that is acceptable."},
    [FLAG_GROUND_BODY] = {"GroundBody", "BASIC",
        "Body 1 or body 2 (or both) is Ground: identity orientation, zero origin, zero motion.",
        "The engine's constraint must accept Ground as either body."},
    [FLAG_ZERO_VELOCITY] = {"ZeroVelocity", "EDGE_CASE",
        "Every angular and linear velocity and acceleration of both bodies is zero.",
        "verr and the velocity-dependent terms of aerr are exact zeros."},
    [FLAG_LARGE_OFFSET] = {"LargeOffset", "NUMERICAL",
        "Both bodies are moved by a common offset of length 1e2 to 1e100: every output is a small difference of "
        "large coordinates.",
        "The tolerance grows with the offset (spec/accuracy.md section 6); BoundExceedsValue marks the tests "
        "where no digit of an output is certain in double precision."},
    [FLAG_TINY_MAGNITUDE] = {"TinyMagnitude", "NUMERICAL",
        "The case is scaled by a power of two (exactly) down to positions and speeds near or below the smallest "
        "normal double, so products underflow to subnormals or zero.",
        "Underflow must not produce a NaN or a wrong status; the tolerance includes the underflow terms."},
    [FLAG_HUGE_MAGNITUDE] = {"HugeMagnitude", "NUMERICAL",
        "The case is scaled by a power of two (exactly) towards the overflow threshold.",
        "Either the outputs are finite and within tolerance, or the expected status is E_RESULT_OVERFLOW "
        "(flag Overflow), or an intermediate overflow is acceptable (flag IntermediateOverflow)."},
    [FLAG_SINGULAR_DIRECTION] = {"SingularDirection", "EDGE_CASE",
        "The two points coincide to within 2^-65 (Simbody's TinyReal): the direction falls back to body 1's z "
        "axis and the status is OK_SINGULAR_DIRECTION.",
        "The fallback is Simbody's; an engine without it may produce NaN, which fails."},
    [FLAG_SINGULAR_DIRECTION_CHOICE] = {"SingularDirectionChoice", "EDGE_CASE",
        "The expected answer takes Simbody's singular fallback (|p| < 2^-65: body 1's z axis), a convention: "
        "below that threshold Simbody's rule holds the direction undefined, and another engine's choice (the exact "
        "p/|p| where p is not 0, a fixed axis, a zero vector) is as correct.",
        "Acceptable: the alternative \"any direction\" leaves every output that involves the direction free and "
        "holds the others (perr, the separation, the contact point) to the expected values."},
    [FLAG_SINGULAR_THRESHOLD] = {"SingularThreshold", "EDGE_CASE",
        "|p|^2 is exactly 2^-130 or a few ulps from it, on both sides of the singular threshold.",
        "The exact decision is expected; where the computed |p|^2 may fall on the other side, the test is "
        "acceptable with the other branch as an alternative (DecisionBand)."},
    [FLAG_PARALLEL_EDGES] = {"ParallelEdges", "EDGE_CASE",
        "The edges are exactly parallel (df = db): status OK_PARALLEL_EDGES with the documented fallback (rows and "
        "forces zero, midway closest points).",
        "A NaN here is the bug of godot #55384; rows and forces must be zero."},
    [FLAG_ANTIPARALLEL_EDGES] = {"AntiparallelEdges", "EDGE_CASE",
        "The edges are exactly antiparallel (df = -db).", "As ParallelEdges."},
    [FLAG_NEAR_PARALLEL_EDGES] = {"NearParallelEdges", "NUMERICAL",
        "The edges meet at an angle of about 2^-k: the normal, the closest points and the rows are "
        "ill-conditioned (error bounds growing like 1/s, 1/s^2 and 1/s^3 in s = |df x db|).",
        "The tolerance grows accordingly (spec/accuracy.md section 6)."},
    [FLAG_PARALLEL_THRESHOLD] = {"ParallelThreshold", "EDGE_CASE",
        "|df x db|^2 is exactly 2^-91 or a few ulps from it, on both sides of the parallel threshold.",
        "As SingularThreshold."},
    [FLAG_SENSE_TIE] = {"SenseTie", "EDGE_CASE",
        "|(df x db).sf| and |(df x db).sb| are equal or a few ulps apart, or the deciding dot product is zero: "
        "the ties of LineOnLine's sense rule (spec/line_on_line.md).",
        "The rule's tie-breaking is part of the specification; DecisionBand marks rounding-sensitive tests."},
    [FLAG_PERP_AXIS_TIE] = {"PerpAxisTie", "EDGE_CASE",
        "Two components of the vector perp() works on have equal magnitude (or nearly): the tie goes to the lower "
        "index (Simbody's UnitVec::perp).",
        "The tangent axes, hence the tangential rows and forces, depend on the tie-breaking."},
    [FLAG_PERPENDICULARITY_TRAP] = {"PerpendicularityTrap", "EDGE_CASE",
        "Weld's frames at one of the eight relative orientations where its three perpendicularity rows vanish: "
        "aligned, a half turn about an axis of frame 1 (two axes antiparallel, the case Simbody's documentation "
        "names), or a third turn about a diagonal (spec/weld.md, \"Special cases\"). perr[0..2] are 0 (exactly "
        "for signed-permutation poses) and the status is OK.",
        "perr[0..2] are Simbody's perpendicularity measures, not an angle: an engine whose orientation error is a "
        "quaternion's vector part, an angle or a log map reads a large error here except when aligned, and "
        "compares a different quantity (its consumer does not report these rows)."},
    [FLAG_AT_CONTACT] = {"AtContact", "EDGE_CASE",
        "The bodies touch exactly (perr = 0: sphere on plane or sphere, rope at its length, point on the plane) "
        "or within a few ulps.",
        "The separation is compared in absolute terms."},
    [FLAG_CAPTURE_SPEED] = {"CaptureSpeed", "EDGE_CASE",
        "The impact speed is at the capture speed or a few ulps from it: the COR jumps from 0 there.",
        "The exact branch is expected; DecisionBand where the computed speed may fall on the other side."},
    [FLAG_MIN_COR_SPEED] = {"MinCorSpeed", "EDGE_CASE",
        "The impact speed is at the minimum-COR speed or a few ulps from it (the COR is continuous there).",
        "The COR value is compared; its branch label (LINEAR or MINIMUM) may differ only within the band."},
    [FLAG_TRANSITION_SPEED] = {"TransitionSpeed", "EDGE_CASE",
        "The slip speed is at the friction transition speed or a few ulps from it: the COF steps there.",
        "As CaptureSpeed."},
    [FLAG_ROTATION_TOLERANCE] = {"RotationToleranceBoundary", "EDGE_CASE",
        "An entry of R^T R - I is at the rotation tolerance 1e-12 (the double) or just beyond it.",
        "The check is decided on exact values: 1e-12 exactly is accepted, the next double up is rejected."},
    [FLAG_UNIT_TOLERANCE] = {"UnitToleranceBoundary", "EDGE_CASE",
        "| |n|^2 - 1 | of a unit-vector input is within a few ulps of the tolerance 1e-12.",
        "As RotationToleranceBoundary."},
    [FLAG_CLASSIFY_TOLERANCE] = {"ClassifyToleranceTie", "EDGE_CASE",
        "A value the classifier compares is exactly at its tolerance, or one ulp from it.",
        "|x| <= tol counts as zero (spec/unilateral.md section 4)."},
    [FLAG_COR_BRANCHES] = {"CorBranchPoints", "EDGE_CASE",
        "The impact speed is at a branch point of calcEffectiveCOR (the capture or the minimum-COR speed) or a "
        "few ulps from it, or the rule's parameters are at the ends of their domain.",
        "The branch and value are decided on the exact double inputs."},
    [FLAG_COF_BRANCHES] = {"CofBranchPoints", "EDGE_CASE",
        "The slip speed is at the transition speed of calcEffectiveCOF or a few ulps from it, or the parameters "
        "are at the ends of their domain.",
        "As CorBranchPoints."},
    [FLAG_CONDITIONS] = {"EveryCondition", "BASIC",
        "The inputs lead to a chosen outcome of the validity conditions (spec/unilateral.md section 4).",
        "The condition, its validity and isProximal are compared."},
    [FLAG_OVERFLOW] = {"Overflow", "EDGE_CASE",
        "An exact output exceeds the double range: the expected status is E_RESULT_OVERFLOW (outputs zero).",
        "An engine must report an error (status E_RESULT_OVERFLOW or ERROR), never OK with an infinite value."},
    [FLAG_INTERMEDIATE_OVERFLOW] = {"IntermediateOverflow", "NUMERICAL",
        "Every exact output is finite, but the reference operation order forms an intermediate beyond 2^1000 "
        "(for example p.p for |p| > 1.3e154), where the error bounds make no claim (spec/accuracy.md section 3).",
        "An engine may answer the finite expected values or E_RESULT_OVERFLOW (the alternative)."},
    [FLAG_BOUND_EXCEEDS_VALUE] = {"BoundExceedsValue", "NUMERICAL",
        "For some output the proven error bound of the reference evaluation order is larger than the value "
        "itself: in double precision not even its sign is certain (for example perr of a ball with both bodies "
        "at x = 1e100, whose exact value is 0.5).",
        "The tolerance holds; an engine that evaluates more accurately passes too."},
    [FLAG_NO_ERROR_BOUND] = {"NoErrorBound", "NUMERICAL",
        "For some output the bound calculus makes no claim (magnitudes beyond 2^1000, or a divisor whose lower "
        "bound is not positive): its tolerance is null.",
        "Such an output is not compared (counted apart by ccref check), but a NaN or an infinity there fails: the "
        "exact value is finite."},
    [FLAG_UNCERTIFIED] = {"Uncertified", "NUMERICAL",
        "The oracle could not certify some output (spec/oracle.md section 3: reason CAP, an exact midpoint between "
        "two doubles, or UNDECIDED): its certificate gives the reason.",
        "Such an output is not compared (counted apart by ccref check), but a NaN or an infinity there fails: the "
        "exact value is finite."},
    [FLAG_BINARY32_NO_DIGIT] = {"Binary32NoDigit", "NUMERICAL",
        "For some output the binary32 tier's tolerance is at least the expected value itself: with the inputs "
        "rounded to binary32 and binary32 arithmetic, not one digit of that output is certain (spec/accuracy.md "
        "section 11.3).",
        "A binary32 engine is held to the tolerance, which any value near zero meets; a double engine is judged as "
        "usual."},
    [FLAG_BINARY32_UNBOUNDED] = {"Binary32Unbounded", "NUMERICAL",
        "For some output the binary32 tier makes no claim although the double tier does: a binary32 evaluation may "
        "overflow (magnitudes beyond 2^120) or its divisor's lower bound is not positive. Its binary32 tolerance "
        "is null.",
        "Such an output is not compared when an engine is checked in the binary32 tier (counted apart by ccref "
        "check)."},
    [FLAG_DECISION_BAND] = {"DecisionBand", "DECISION_BAND",
        "A branch decision (singular direction, parallel edges, sense, perp() axis, COR capture, COF transition) "
        "lies within the rounding error of its threshold (spec/accuracy.md section 4): a double evaluation may "
        "take the other branch.",
        "Acceptable: the expected answer is the exact branch; each other possible branch is an alternative with "
        "its own certified values and tolerances."},
    [FLAG_DEVIATION_BAND] = {"DeviationBand", "DECISION_BAND",
        "A Simbody-deviation flag tests a row for zero (BALL_AERR_NOT_DERIVATIVE, SOS_ROLLING_AERR_SPIN) whose "
        "computed value is within its error bound of zero.",
        "Either value of the flags listed in deviationsUndecided is accepted."},
    [FLAG_TOLERANCE_BAND] = {"ToleranceBand", "DECISION_BAND",
        "An input check (rotation or unit length) is within the rounding error of its threshold: a double "
        "evaluation of the check may decide either way.",
        "Acceptable: the exact check's answer is expected; the other answer is an alternative."},
    [FLAG_NONFINITE_INPUT] = {"NonFiniteInput", "BAD_INPUT", "A NaN or an infinity among the inputs.",
        "The input must be rejected: E_NONFINITE_INPUT."},
    [FLAG_NOT_ROTATION] = {"NotRotation", "BAD_INPUT",
        "A rotation input is not a rotation (scaled, sheared, a reflection, zero, or off by more than 1e-12).",
        "The input must be rejected: E_NOT_ROTATION."},
    [FLAG_NONPOSITIVE_RADIUS] = {"NonpositiveRadius", "BAD_INPUT", "A radius is zero, -0 or negative.",
        "The input must be rejected: E_NONPOSITIVE_RADIUS."},
    [FLAG_NONPOSITIVE_LENGTH] = {"NonpositiveLength", "BAD_INPUT", "A length or half-length is zero, -0 or negative.",
        "The input must be rejected: E_NONPOSITIVE_LENGTH."},
    [FLAG_ZERO_DIRECTION] = {"ZeroDirection", "BAD_INPUT", "A direction input (a plane normal) is the zero vector.",
        "The input must be rejected: E_ZERO_DIRECTION."},
    [FLAG_NOT_UNIT_VECTOR] = {"NotUnitVector", "BAD_INPUT", "A unit-vector input has | |n|^2 - 1 | > 1e-12.",
        "The input must be rejected: E_NOT_UNIT_VECTOR (ccref never renormalises silently)."},
    [FLAG_LAMBDA_COUNT] = {"LambdaCount", "BAD_INPUT", "The number of multipliers is not mp + mv.",
        "The input must be rejected: E_LAMBDA_COUNT."},
    [FLAG_BAD_SIGN] = {"BadSign", "BAD_INPUT", "A sign convention other than +1 or -1.",
        "The input must be rejected: E_BAD_SIGN."},
    [FLAG_NEGATIVE_TOLERANCE] = {"NegativeTolerance", "BAD_INPUT", "A tolerance below zero.",
        "The input must be rejected: E_NEGATIVE_TOLERANCE."},
    [FLAG_COR_OUT_OF_RANGE] = {"CorOutOfRange", "BAD_INPUT", "A coefficient of restitution outside [0, 1].",
        "The input must be rejected: E_COR_OUT_OF_RANGE."},
    [FLAG_NEGATIVE_SPEED] = {"NegativeSpeed", "BAD_INPUT", "A speed below zero.",
        "The input must be rejected: E_NEGATIVE_SPEED."},
    [FLAG_SPEED_ORDER] = {"SpeedOrder", "BAD_INPUT", "The capture speed exceeds the minimum-COR speed.",
        "The input must be rejected: E_SPEED_ORDER."},
    [FLAG_NEGATIVE_FRICTION] = {"NegativeFriction", "BAD_INPUT", "A friction coefficient below zero.",
        "The input must be rejected: E_NEGATIVE_FRICTION."},
    [FLAG_FRICTION_ORDER] = {"FrictionOrder", "BAD_INPUT", "The dynamic friction coefficient exceeds the static one.",
        "The input must be rejected: E_FRICTION_ORDER."},
    [FLAG_BALL_REACTION_SIGN] = {"BallReactionSign", "SIMBODY_DEVIATION",
        "Simbody's getBallReactionForceOnBody1/2 return the multiplier sign (as ccref does) although its header "
        "calls them the applied force.",
        "Acceptable: the alternative 'documented' has both reaction outputs negated."},
    [FLAG_BALL_AERR_NOT_DERIVATIVE] = {"BallAerrNotDerivative", "SIMBODY_DEVIATION",
        "verr != 0 and w1 != 0: Simbody's (and ccref's) Ball aerr is d/dt verr + w1 x verr; its header says d/dt "
        "verr.",
        "Acceptable: the alternative 'documented' is aerr - w1 x verr, certified, with its own tolerance."},
    [FLAG_SOS_ROLLING_AERR_SPIN] = {"SosRollingAerrSpin", "SIMBODY_DEVIATION",
        "Rolling sphere on sphere with slip: Simbody's (and ccref's) tangential aerr assumes the contact frame does "
        "not spin about the normal, so it is not d/dt verr (spec/sphere_on_sphere.md).",
        "Acceptable: in the alternative 'documented' the tangential aerr rows (and a contact's slip accelerations) "
        "are unconstrained."},
    [FLAG_POP_GETTER_ORDER] = {"PopGetterOrder", "SIMBODY_DEVIATION",
        "PointOnPlaneContact's Simbody getters return the rows in the raw order (normal, x, y), not (x, y, z) as "
        "the header says. The vectors give canonical rows; spec/vectors.md maps them to the getters.",
        "Informational: no value differs."},
    [FLAG_LOL_PARALLEL_FALLBACK] = {"LolParallelFallback", "SIMBODY_DEVIATION",
        "Parallel edges: ccref implements the documented fallback; Simbody 3.7 implements none (its closest points, "
        "frame and separation use a non-unit normal).",
        "Acceptable: on the expected parallel answer, the alternative 'simbody' leaves unconstrained the closest "
        "points, contact frame, separation and sense, and force_on_body2_applied (findForceOnBodyBInG rotates the "
        "multipliers by Simbody's degenerate frame); an EdgeEdgeContact's perr and display point. Near the "
        "threshold, 'simbody+parallel=1' gives Simbody's values there: the non-parallel ones scaled by "
        "|w|^2/SignificantReal^2 or its root, within widened tolerances. The rows and the body forces are zero in "
        "both."},
    [FLAG_BROP_NOT_IN_SIMBODY] = {"BropNotInSimbody", "SIMBODY_DEVIATION",
        "BallRollingOnPlane is the legacy 3.4 page's constraint; Simbody never implemented it.",
        "Informational: the values follow the page's formulas (spec/ball_rolling_on_plane.md)."},
    [FLAG_ROPE_SIGN] = {"RopeSign", "SIMBODY_DEVIATION",
        "Rope: Simbody uses sign -1 (as ccref does); its documentation says +1.",
        "Acceptable: the alternative 'documented' uses sign +1 (impact speed max(0, verr) and its COR)."},
    [FLAG_PPC_HEIGHT_DROPPED] = {"PpcHeightDropped", "SIMBODY_DEVIATION",
        "PointPlaneContact with height != 0: Simbody enforces the plane through the body origin (height 0) while "
        "its getPerr uses the height; ccref follows the documentation.",
        "Acceptable: the alternative 'simbody' has the constraint's perr of height 0."},
    [FLAG_PPC_GETTER_ROWS] = {"PpcGetterRows", "SIMBODY_DEVIATION",
        "PointPlaneContact: Simbody's getVerr/getAerr read the Py slip row and getSlipVelocity the (normal, Px) "
        "rows; ccref follows the documentation.",
        "Acceptable: the alternative 'simbody' has those rows permuted."},
    [FLAG_SPC_HEIGHT_IGNORED] = {"SpcHeightIgnored", "SIMBODY_DEVIATION",
        "SpherePlaneContact with height != 0: Simbody ignores the height entirely; ccref follows the documentation.",
        "Acceptable: the alternative 'simbody' is the certified answer with height 0."},
    [FLAG_BUG_PARALLEL_SEGMENTS] = {"EngineBugParallelSegments", "KNOWN_ENGINE_BUG",
        "Parallel or point-like edges, the inputs on which closest-point routines returned NaN (godot #55384, "
        "fixed in PR #55617 with Eberly's robust algorithm).",
        "No NaN, no infinite value: the documented fallback."},
    [FLAG_BUG_ZERO_NORMAL] = {"EngineBugZeroNormal", "KNOWN_ENGINE_BUG",
        "Coincident centres or points, where normalising a zero vector gave NaN normals (dart PR #881, "
        "reactphysics3d #32, Box2D.NetStandard PR #43, bullet3 #110).",
        "A defined fallback direction, no NaN."},
    [FLAG_BUG_CANCELLED_CROSS] = {"EngineBugCancelledCross", "KNOWN_ENGINE_BUG",
        "A cross product whose components cancel: zero or nearly zero in double while the exact value is not (the "
        "DotPerp failure of GeometricTools #40).",
        "The exact branch decision is expected; DecisionBand where double evaluation may differ."},
    [FLAG_BUG_SPINNING_BALL] = {"EngineBugSpinningBall", "KNOWN_ENGINE_BUG",
        "A fast-spinning rolling sphere (dart #1433, gz-physics #7, avian PR #1023: accelerations growing without "
        "bound, contact points rotated as material points).",
        "The rolling rows and the contact point must stay within tolerance at high spin."},
    [FLAG_BUG_CORIOLIS_FACTOR] = {"EngineBugCoriolisFactor", "KNOWN_ENGINE_BUG",
        "A rotating plane body with a moving follower, where the Coriolis term 2 w x v dominates aerr (Simbody "
        "#135: a possibly missing factor of 2 in NoSlip1D).",
        "A wrong Coriolis factor is an O(1) error in aerr."},
    [FLAG_NEARLY_COINCIDENT] = {"NearlyCoincidentPoints", "NUMERICAL",
        "The two points are 2^-70 to 2^-60 apart (the singular threshold is 2^-65): the direction p/|p| and the rows "
        "built on it are as ill-conditioned as they get without the fallback (bounds growing like 1/r and 1/r^2).",
        "The tolerance grows accordingly; SingularDirection marks the tests below the threshold."},
    [FLAG_DEVIATION_CONTROL] = {"DeviationControl", "BASIC",
        "A case of a Simbody-deviation family where the deviation is not exercised (w1 = 0, verr = 0, no slip, "
        "height 0): Simbody's behaviour and the documented one agree here.",
        "Valid: every engine must match."},
    [FLAG_NEGATIVE_ZERO] = {"NegativeZero", "EDGE_CASE",
        "An input is -0 where a domain check compares it with 0 (min_cor >= 0): -0 is equal to 0 and accepted.",
        "The input must be accepted; a check that tests the sign bit instead of the value would reject it."},
};

const flag_info *flag_get(int f) { return f >= 0 && f < FLAG_COUNT ? &flags[f] : NULL; }

int flag_from_name(const char *name)
{
    for (int f = 0; f < FLAG_COUNT; f++)
        if (flags[f].name && strcmp(flags[f].name, name) == 0)
            return f;
    return -1;
}

int flag_of_deviation(int bit_index)
{
    static const int map[] = {FLAG_BALL_REACTION_SIGN, FLAG_BALL_AERR_NOT_DERIVATIVE, FLAG_SOS_ROLLING_AERR_SPIN,
                              FLAG_POP_GETTER_ORDER, FLAG_LOL_PARALLEL_FALLBACK, FLAG_BROP_NOT_IN_SIMBODY,
                              FLAG_ROPE_SIGN, FLAG_PPC_HEIGHT_DROPPED, FLAG_PPC_GETTER_ROWS, FLAG_SPC_HEIGHT_IGNORED};
    return bit_index >= 0 && bit_index < (int)(sizeof map / sizeof map[0]) ? map[bit_index] : -1;
}

int flag_of_status(int status)
{
    switch (status) {
    case CCREF_E_NONFINITE_INPUT: return FLAG_NONFINITE_INPUT;
    case CCREF_E_NOT_ROTATION: return FLAG_NOT_ROTATION;
    case CCREF_E_NONPOSITIVE_RADIUS: return FLAG_NONPOSITIVE_RADIUS;
    case CCREF_E_NONPOSITIVE_LENGTH: return FLAG_NONPOSITIVE_LENGTH;
    case CCREF_E_ZERO_DIRECTION: return FLAG_ZERO_DIRECTION;
    case CCREF_E_NOT_UNIT_VECTOR: return FLAG_NOT_UNIT_VECTOR;
    case CCREF_E_LAMBDA_COUNT: return FLAG_LAMBDA_COUNT;
    case CCREF_E_BAD_SIGN: return FLAG_BAD_SIGN;
    case CCREF_E_NEGATIVE_TOLERANCE: return FLAG_NEGATIVE_TOLERANCE;
    case CCREF_E_COR_OUT_OF_RANGE: return FLAG_COR_OUT_OF_RANGE;
    case CCREF_E_NEGATIVE_SPEED: return FLAG_NEGATIVE_SPEED;
    case CCREF_E_SPEED_ORDER: return FLAG_SPEED_ORDER;
    case CCREF_E_NEGATIVE_FRICTION: return FLAG_NEGATIVE_FRICTION;
    case CCREF_E_FRICTION_ORDER: return FLAG_FRICTION_ORDER;
    default: return -1;
    }
}
