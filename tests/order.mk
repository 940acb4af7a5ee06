# order.mk: the order test (spec/accuracy.md section 11; tools/order.c). Included by the top Makefile.
#  - `make order`: every published test of the kinds, classes and rules, ORDER_N random evaluation orders per test
#    and tier (binary64 and binary32): every value within its tier; then the deliberately worse LineOnLine formula
#    (closest points through the Gram determinant) must fail it.
ORDER_N ?= 1000
ORDER_BIN := $(BUILD)/order
ORDER_SRC := tools/order.c tests/order_eval.c tests/order_gram.c

$(ORDER_BIN): $(ORDER_SRC) $(HDRS) $(BUILD)/libccref_cli.a $(BUILD)/libccref_oracle.a $(BUILD)/libccref.a | deps-test
	$(CC) $(CFLAGS) -o $@ $(ORDER_SRC) $(CCREF_LIBS)

.PHONY: order order-gram
order: $(ORDER_BIN) order-gram ## the order test: every published test in ORDER_N random evaluation orders per tier, within its tier
	$(ORDER_BIN) --n $(ORDER_N) vectors/*.json

order-gram: $(ORDER_BIN) ## the order test must fail LineOnLine's closest points through the Gram determinant (ODE's formula)
	$(ORDER_BIN) --n $(ORDER_N) --quiet --formula gram --expect-fail vectors/line_on_line.json
