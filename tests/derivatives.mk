# derivatives.mk: the derivative-check layer (spec/derivatives.md). Included by the top Makefile.
#  - mutated kernels for the mutation tests: build/mutants/<kind>__<mutation>.c written by
#    tools/derivatives_mutate.sh from src/<kind>.c, compiled with the public symbol renamed to
#    ccref_<kind>_eval__<mutation>, archived in build/mutants/libccref_mutants.a and linked into the test binary
#    (the suite "derivatives" runs them; they add about 0.1 s to make test);
#  - the MPFI trajectory module needs MPFI_LDLIBS (oracle/oracle.mk) in the test binary;
#  - `make verify-derivatives`: the long sweep (build/derivatives_sweep: double kernels, negative controls, oracle,
#    mutants), a prerequisite of `make verify`. DERIV_SWEEP_TRAJ / DERIV_SWEEP_SAMPLES set its size.

DERIV_MUT_DIR := $(BUILD)/mutants
DERIV_MUTANTS := point_in_plane__drop_coriolis line_on_line__flip_d2n line_on_line__drop_factor2 \
    line_on_line__flip_dtf ball__drop_transport ball__true_derivative ball__verr_at_P rod__drop_centripetal \
    sphere_on_plane__drop_factor2 sphere_on_sphere__flip_cyd point_on_plane__flip_verr_x \
    ball_rolling_on_plane__drop_verr_term ball_rolling_on_plane__perr_factor weld__drop_angular_rate weld__drop_transport
DERIV_MUT_OBJ := $(DERIV_MUTANTS:%=$(DERIV_MUT_DIR)/%.o)
DERIV_MUT_LIB := $(DERIV_MUT_DIR)/libccref_mutants.a
# Mutants may leave a variable unused: warnings stay on but are not errors there.
DERIV_MUT_CFLAGS = $(filter-out -Werror,$(CFLAGS)) -Wno-unused-variable -Wno-unused-but-set-variable -Isrc
deriv_kind = $(firstword $(subst __, ,$(1)))
deriv_mut = $(lastword $(subst __, ,$(1)))

.PRECIOUS: $(DERIV_MUT_DIR)/%.c

$(DERIV_MUT_DIR)/%.c: tools/derivatives_mutate.sh tests/derivatives.mk $(LIB_SRC)
	@mkdir -p $(DERIV_MUT_DIR)
	sh tools/derivatives_mutate.sh $* $@

$(DERIV_MUT_DIR)/%.o: $(DERIV_MUT_DIR)/%.c $(HDRS) | deps-build
	$(CC) $(DERIV_MUT_CFLAGS) -Dccref_$(call deriv_kind,$*)_eval=ccref_$(call deriv_kind,$*)_eval__$(call deriv_mut,$*) -c $< -o $@

$(DERIV_MUT_LIB): $(DERIV_MUT_OBJ)
	rm -f $@
	ar rcs $@ $^

TEST_EXTRA_LIBS += $(DERIV_MUT_LIB)
TEST_EXTRA_LDLIBS += $(MPFI_LDLIBS)

# ---- long sweep
DERIV_SWEEP := $(BUILD)/derivatives_sweep
DERIV_SWEEP_SRC := tools/derivatives_sweep.c tests/test_derivatives_core.c tests/test_derivatives_oracle.c \
    tests/trajectory.c tests/accuracy_bounds.c cli/random.c cli/fields.c tests/testlib.c
# Trajectories per target and samples per trajectory of the sweep (override on the command line).
DERIV_SWEEP_TRAJ ?= 400
DERIV_SWEEP_SAMPLES ?= 16

# The oracle mode links the oracle archive (oracle/oracle.mk builds it; MPFI_STATIC_LDLIBS is defined there).
$(DERIV_SWEEP): $(DERIV_SWEEP_SRC) $(HDRS) $(DERIV_MUT_LIB) $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a | deps-test
	$(CC) $(CFLAGS) -o $@ $(DERIV_SWEEP_SRC) $(DERIV_MUT_LIB) $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a \
	    $(MPFI_STATIC_LDLIBS) -lm

.PHONY: verify-derivatives
verify-derivatives: $(DERIV_SWEEP) ## the long finite-difference sweep of spec/derivatives.md (part of make verify)
	$(DERIV_SWEEP) --traj $(DERIV_SWEEP_TRAJ) --samples $(DERIV_SWEEP_SAMPLES)

VERIFY_EXTRA += verify-derivatives
verify: $(DERIV_SWEEP)
