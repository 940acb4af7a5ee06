/* context.c: the precision ladder of a certified evaluation: the working precisions from start_bits to cap_bits,
 * doubled at each step, and per step a workspace, the point inputs of each kind and class and the output sets,
 * created on first use; and the first stage's context, tried first (spec/oracle.md section 9). */
#include "ddi.h"
#include "internal.h"

#ifndef ORA_FIRST_STAGE
int ora_first_stage_available(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma");
#else
    return 1;
#endif
}
#endif

ora_ctx *ora_ctx_new(const ora_options *opt)
{
    ora_ctx *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL)
        return NULL;
    ctx->opt.start_bits = 128;
    ctx->opt.cap_bits = 8192;
    if (opt != NULL) {
        if (opt->start_bits >= 64)
            ctx->opt.start_bits = opt->start_bits;
        if (opt->cap_bits >= ctx->opt.start_bits)
            ctx->opt.cap_bits = opt->cap_bits;
    }
    int b = ctx->opt.start_bits;
    ctx->nlev = 0;
    while (b <= ctx->opt.cap_bits && ctx->nlev < ORA_MAX_LEVELS) {
        ctx->bits[ctx->nlev++] = b;
        b *= 2;
    }
#ifndef ORA_FIRST_STAGE
    /* one step at the double-double precision, on processors the first stage was compiled for */
    const ora_options first = {DDI_PREC, DDI_PREC};
    ctx->first = ora_first_stage_available() ? first_ora_ctx_new(&first) : NULL;
    ctx->use_first = ctx->first != NULL;
#endif
    return ctx;
}

void ora_ctx_set_first_stage(ora_ctx *ctx, int enabled)
{
    if (ctx != NULL)
        ctx->use_first = enabled && ctx->first != NULL;
}

void ora_ctx_free(ora_ctx *ctx)
{
    if (ctx == NULL)
        return;
#ifndef ORA_FIRST_STAGE
    first_ora_ctx_free(ctx->first);
#endif
    for (int i = 0; i < ctx->nlev; i++) {
        ora_ws_free(ctx->ws[i]);
        if (ctx->out[i]) {
            ora_out_clear(ctx->out[i]);
            free(ctx->out[i]);
        }
        if (ctx->cout[i]) {
            ora_contact_out_clear(ctx->cout[i]);
            free(ctx->cout[i]);
        }
    }
    for (int l = 0; l < ctx->nlev; l++) {
        for (int k = 0; k < CCREF_KIND_COUNT; k++)
            if (ctx->kcase[l][k]) {
                ora_case_clear(ctx->kcase[l][k]);
                free(ctx->kcase[l][k]);
            }
        for (int k = 0; k < CCREF_CONTACT_COUNT; k++)
            if (ctx->ccase[l][k]) {
                ora_contact_case_clear(ctx->ccase[l][k]);
                free(ctx->ccase[l][k]);
            }
    }
    free(ctx);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL) {
        fprintf(stderr, "oracle: out of memory\n");
        abort();
    }
    return p;
}

ora_ws *ctx_ws(ora_ctx *ctx, int level)
{
    if (ctx->ws[level] == NULL) {
        ctx->ws[level] = ora_ws_new(ctx->bits[level]);
        if (ctx->ws[level] == NULL) {
            fprintf(stderr, "oracle: out of memory\n");
            abort();
        }
    }
    return ctx->ws[level];
}

ora_out *ctx_out(ora_ctx *ctx, int level)
{
    if (ctx->out[level] == NULL) {
        ctx->out[level] = xmalloc(sizeof(ora_out));
        ora_out_init(ctx->out[level], ctx->bits[level]);
    }
    return ctx->out[level];
}

ora_contact_out *ctx_cout(ora_ctx *ctx, int level)
{
    if (ctx->cout[level] == NULL) {
        ctx->cout[level] = xmalloc(sizeof(ora_contact_out));
        ora_contact_out_init(ctx->cout[level], ctx->bits[level]);
    }
    return ctx->cout[level];
}

ora_case *ctx_case(ora_ctx *ctx, int level, ccref_kind kind)
{
    if (ctx->kcase[level][kind] == NULL) {
        ctx->kcase[level][kind] = xmalloc(sizeof(ora_case));
        ora_case_init(ctx->kcase[level][kind], kind, ctx->bits[level]);
    }
    return ctx->kcase[level][kind];
}

ora_contact_case *ctx_contact_case(ora_ctx *ctx, int level, ccref_contact_class cls)
{
    if (ctx->ccase[level][cls] == NULL) {
        ctx->ccase[level][cls] = xmalloc(sizeof(ora_contact_case));
        ora_contact_case_init(ctx->ccase[level][cls], cls, ctx->bits[level]);
    }
    return ctx->ccase[level][cls];
}

