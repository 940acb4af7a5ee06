/* flags.h: the flags of the vectors (spec/vectors.md, "Flags"). Every flag a file uses is explained in its "notes"
 * table from this registry: a bug type, what the flag means, and what it means for an engine. */
#ifndef CCREF_CLI_FLAGS_H
#define CCREF_CLI_FLAGS_H

typedef enum {
    /* case families */
    FLAG_RANDOM = 0, FLAG_EXACTLY_ASSEMBLED, FLAG_NEARLY_ASSEMBLED, FLAG_ULP_GRID, FLAG_GROUND_BODY,
    FLAG_ZERO_VELOCITY, FLAG_LARGE_OFFSET, FLAG_TINY_MAGNITUDE, FLAG_HUGE_MAGNITUDE,
    /* degenerate configurations and thresholds */
    FLAG_SINGULAR_DIRECTION, FLAG_SINGULAR_THRESHOLD, FLAG_PARALLEL_EDGES, FLAG_ANTIPARALLEL_EDGES,
    FLAG_NEAR_PARALLEL_EDGES, FLAG_PARALLEL_THRESHOLD, FLAG_SENSE_TIE, FLAG_PERP_AXIS_TIE, FLAG_PERPENDICULARITY_TRAP, FLAG_AT_CONTACT,
    FLAG_CAPTURE_SPEED, FLAG_MIN_COR_SPEED, FLAG_TRANSITION_SPEED, FLAG_ROTATION_TOLERANCE, FLAG_UNIT_TOLERANCE,
    FLAG_CLASSIFY_TOLERANCE, FLAG_COR_BRANCHES, FLAG_COF_BRANCHES, FLAG_CONDITIONS,
    /* what the expected answer is like */
    FLAG_OVERFLOW, FLAG_INTERMEDIATE_OVERFLOW, FLAG_BOUND_EXCEEDS_VALUE, FLAG_NO_ERROR_BOUND, FLAG_UNCERTIFIED,
    FLAG_BINARY32_NO_DIGIT, FLAG_BINARY32_UNBOUNDED,
    FLAG_DECISION_BAND, FLAG_DEVIATION_BAND, FLAG_TOLERANCE_BAND,
    /* bad input */
    FLAG_NONFINITE_INPUT, FLAG_NOT_ROTATION, FLAG_NONPOSITIVE_RADIUS, FLAG_NONPOSITIVE_LENGTH, FLAG_ZERO_DIRECTION,
    FLAG_NOT_UNIT_VECTOR, FLAG_LAMBDA_COUNT, FLAG_BAD_SIGN, FLAG_NEGATIVE_TOLERANCE, FLAG_COR_OUT_OF_RANGE,
    FLAG_NEGATIVE_SPEED, FLAG_SPEED_ORDER, FLAG_NEGATIVE_FRICTION, FLAG_FRICTION_ORDER,
    /* Simbody 3.7 deviations (spec/conventions.md section 7, spec/unilateral_contacts.md) */
    FLAG_BALL_REACTION_SIGN, FLAG_BALL_AERR_NOT_DERIVATIVE, FLAG_SOS_ROLLING_AERR_SPIN, FLAG_POP_GETTER_ORDER,
    FLAG_LOL_PARALLEL_FALLBACK, FLAG_BROP_NOT_IN_SIMBODY, FLAG_ROPE_SIGN, FLAG_PPC_HEIGHT_DROPPED,
    FLAG_PPC_GETTER_ROWS, FLAG_SPC_HEIGHT_IGNORED,
    /* regressions modelled on numerical bugs of other engines (../prior-art, spec/vectors.md) */
    FLAG_BUG_PARALLEL_SEGMENTS, FLAG_BUG_ZERO_NORMAL, FLAG_BUG_CANCELLED_CROSS, FLAG_BUG_SPINNING_BALL,
    FLAG_BUG_CORIOLIS_FACTOR,
    /* further case descriptions */
    FLAG_NEARLY_COINCIDENT, FLAG_DEVIATION_CONTROL, FLAG_NEGATIVE_ZERO,
    /* conventions other than Simbody's an engine may follow (spec/vectors.md section 5) */
    FLAG_SINGULAR_DIRECTION_CHOICE,
    FLAG_COUNT
} flag_id;

typedef struct {
    const char *name;       /* "Random", "DecisionBand", ... (CamelCase, as in the vectors) */
    const char *bug_type;   /* BASIC, EDGE_CASE, NUMERICAL, DECISION_BAND, BAD_INPUT, SIMBODY_DEVIATION,
                               KNOWN_ENGINE_BUG */
    const char *description;
    const char *effect;
} flag_info;

const flag_info *flag_get(int f);
int flag_from_name(const char *name);       /* -1 when unknown */
/* The flag of a deviation bit (CCREF_DEV_* bit index), or -1. */
int flag_of_deviation(int bit_index);
/* The flag of an error status, or -1. */
int flag_of_status(int status);

#endif
