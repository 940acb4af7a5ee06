// gtest_vectors.cpp: an engine's C++ test that runs ccref's golden vectors as GoogleTest cases, against an
// INSTALLED ccref (tools/install-check builds and runs it; Debian's libgtest-dev):
//
//     g++ -std=c++17 -o gtest_vectors gtest_vectors.cpp $(pkg-config --cflags --libs ccref jansson) -lgtest -pthread
//     CCREF_VECTORS="$(pkg-config --variable=vectorsdir ccref)/rod.json" ./gtest_vectors
//
// Every test of rod.json becomes one GoogleTest case, named by its id ("rod/47"). The "engine" is here ccref's own
// Rod (ccref_eval, and ccref_handle_case for the generic Constraint handle's P, bias and power); an engine puts its own evaluation in EvaluateRod and keeps the rest. A case is judged as
// spec/vectors.md section 10 says, in the double tier (a binary64 engine, any evaluation order): the status (an
// invalid input must be rejected), then every value whose tolerance is claimed and which is certified, within
// |value - expected| <= tolerance; an acceptable test may match one of its alternatives instead (its values merged
// over the expected ones; null: any finite value). GTEST_SKIP marks nothing: every test of the file is run.
#include <ccref/ccref.h>
#include <ccref/ccref_handle.h>
#include <ccref/ccref_outputs.h>
#include <gtest/gtest.h>
#include <jansson.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace {

// A number of the vector files: a C99 hex float string (read exactly by strtod), "nan"/"inf", or a JSON number.
double Num(const json_t *j) { return json_is_string(j) ? std::strtod(json_string_value(j), nullptr) : json_number_value(j); }

ccref_vec3 Vec3(const json_t *a) { return {Num(json_array_get(a, 0)), Num(json_array_get(a, 1)), Num(json_array_get(a, 2))}; }

ccref_body Body(const json_t *j)
{
    ccref_body b = ccref_body_ground();
    if (!json_is_object(j))
        return b; // "ground"
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            b.R.m[i][k] = Num(json_array_get(json_array_get(json_object_get(j, "R"), i), k));
    const char *names[] = {"p", "w", "v", "b", "a"};
    ccref_vec3 *fields[] = {&b.p, &b.w, &b.v, &b.b, &b.a};
    for (int f = 0; f < 5; f++)
        if (json_object_get(j, names[f]))
            *fields[f] = Vec3(json_object_get(j, names[f]));
    return b;
}

// What an engine computes for a Rod case: its status and its outputs by ccref's flat names. Replace the body of
// this function by the engine's own evaluation.
struct Answer {
    std::string status;
    std::map<std::string, double> values;
};

Answer EvaluateRod(const json_t *cj)
{
    const json_t *prm = json_object_get(cj, "params"), *lambda = json_object_get(cj, "lambda");
    ccref_case c = {};
    c.kind = CCREF_KIND_ROD;
    c.params.rod.station1_in_b1 = Vec3(json_object_get(prm, "station1_in_b1"));
    c.params.rod.station2_in_b2 = Vec3(json_object_get(prm, "station2_in_b2"));
    c.params.rod.length = Num(json_object_get(prm, "length"));
    c.body1 = Body(json_object_get(cj, "body1"));
    c.body2 = Body(json_object_get(cj, "body2"));
    c.n_lambda = json_array_size(lambda);
    for (size_t i = 0; i < c.n_lambda && i < CCREF_MAX_ROWS; i++)
        c.lambda[i] = Num(json_array_get(lambda, i));
    ccref_result r;
    Answer a;
    ccref_handle h;
    ccref_status st = ccref_eval(&c, &r);
    if (ccref_status_ok(st)) { // the published status is the handle's when the case is OK and the handle is not
        ccref_status hs = ccref_handle_case(&c, &h);
        st = ccref_status_ok(hs) ? st : hs;
    }
    a.status = ccref_status_name(st);
    if (ccref_status_ok(st)) {
        double v[CCREF_SLOT_MAX], hv[CCREF_HSLOT_N];
        ccref_flatten_result(c.kind, &r, v);
        for (int s = 0; s < CCREF_SLOT_MAX; s++)
            if (const char *name = ccref_output_name(c.kind, s))
                a.values[name] = v[s];
        ccref_flatten_handle(&h, hv);
        for (int s = 0; s < CCREF_HSLOT_N; s++)
            if (const char *name = ccref_handle_output_name(ccref_kind_mp(c.kind), 0, s))
                a.values[name] = hv[s];
    }
    return a;
}

// One test of the vector file, with its group's output names.
struct VectorTest {
    std::string id;
    const json_t *test;
    const json_t *outputs;
};

// GoogleTest prints a failing case's parameter: its id.
void PrintTo(const VectorTest &vt, std::ostream *os) { *os << vt.id; }

json_t *g_root = nullptr;

std::vector<VectorTest> LoadTests()
{
    std::vector<VectorTest> tests;
    const char *path = std::getenv("CCREF_VECTORS");
    json_error_t err;
    if (path == nullptr || (g_root = json_load_file(path, 0, &err)) == nullptr)
        return tests; // the test below fails: no vectors
    size_t g, t;
    const json_t *group, *test;
    json_array_foreach(json_object_get(g_root, "testGroups"), g, group) {
        json_array_foreach(json_object_get(group, "tests"), t, test) {
            tests.push_back({"rod/" + std::to_string(json_integer_value(json_object_get(test, "tcId"))), test,
                             json_object_get(group, "outputs")});
        }
    }
    return tests;
}

// The failures of the engine's answer against one answer of the test (the expected one with an alternative's
// changes merged over it when alt is not null); empty when it matches.
std::string Mismatch(const Answer &got, const VectorTest &vt, const json_t *alt)
{
    const json_t *exp = json_object_get(vt.test, "expected");
    const json_t *st = json_object_get(alt ? alt : exp, "status");
    std::string want = json_string_value(st);
    bool want_ok = want.rfind("OK", 0) == 0;
    if (want != got.status && !(want_ok && got.status == "OK"))
        return "status " + got.status + ", expected " + want;
    if (!want_ok)
        return "";
    std::string why;
    size_t i;
    const json_t *value;
    json_array_foreach(json_object_get(exp, "values"), i, value) {
        std::string name = json_string_value(json_array_get(vt.outputs, i));
        const json_t *v = value;
        if (alt != nullptr) {
            const json_t *changed = json_object_get(json_object_get(alt, "values"), name.c_str());
            if (changed != nullptr && json_is_null(changed)) { // any finite value
                auto it = got.values.find(name);
                if (it == got.values.end() || !std::isfinite(it->second))
                    why += name + " is not finite; ";
                continue;
            }
            if (changed != nullptr)
                v = changed;
        }
        const json_t *tol = json_array_get(v, 3), *cert = json_array_get(v, 5); // [hex, dec, ccref, double, ...]
        if (json_is_null(tol) || !json_is_integer(cert))
            continue; // no bound claimed in this tier, or not certified: not compared
        auto it = got.values.find(name);
        double g = it == got.values.end() ? NAN : it->second, e = Num(json_array_get(v, 0)), t = Num(tol);
        if (!(std::fabs(g - e) <= t))
            why += name + " = " + std::to_string(g) + ", expected " + std::to_string(e) + " within " +
                   std::to_string(t) + "; ";
    }
    return why;
}

class RodVectors : public testing::TestWithParam<VectorTest> {};

TEST_P(RodVectors, MatchesAnAnswer)
{
    const VectorTest &vt = GetParam();
    Answer got = EvaluateRod(json_object_get(vt.test, "case"));
    std::string why = Mismatch(got, vt, nullptr);
    size_t i;
    const json_t *alt;
    json_array_foreach(json_object_get(vt.test, "alternatives"), i, alt) {
        if (!why.empty() && Mismatch(got, vt, alt).empty())
            why.clear(); // an acceptable test: one of its alternatives
    }
    EXPECT_TRUE(why.empty()) << vt.id << " (" << json_string_value(json_object_get(vt.test, "comment"))
                             << "): " << why;
}

INSTANTIATE_TEST_SUITE_P(Published, RodVectors, testing::ValuesIn(LoadTests()),
                         [](const testing::TestParamInfo<VectorTest> &info) {
                             std::string n = info.param.id;
                             for (char &ch : n)
                                 if (ch == '/')
                                     ch = '_';
                             return n;
                         });

TEST(RodVectorsFile, HasTests) { EXPECT_GT(LoadTests().size(), 100u) << "set CCREF_VECTORS to rod.json"; }

} // namespace
