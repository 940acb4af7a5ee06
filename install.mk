# install.mk: `make install` and `make uninstall` (README, "Installing and linking"). Included by the top Makefile
# after the other fragments (it uses BUILD, CFLAGS, LIB_SRC, HDRS and the rules of the archives and the tool).
#
#   make install [PREFIX=/usr/local] [DESTDIR=]     make uninstall (the same PREFIX and DESTDIR)
#
# Installs, under $(DESTDIR) (staging for packagers; the installed files name the final paths, without it):
#   $(BINDIR)/ccref                        the tool (linked statically with the kernels and the oracle)
#   $(LIBDIR)/libccref.so.M.m.p, .so.M, .so, libccref.a
#                                          the double kernels (src/*.c): libm only
#   $(LIBDIR)/libccref-oracle.so.M.m.p, .so.M, .so, libccref-oracle.a
#                                          the MPFI oracle (oracle/*.c): needs libccref, MPFI, MPFR, GMP
#   $(INCLUDEDIR)/ccref/*.h                ccref.h, ccref_kinds.h, ccref_unilateral.h, ccref_outputs.h, ccref_bounds.h,
#                                          ccref_tiers.h, ccref_handle.h, ccref_version.h, and oracle.h (its "../src/" includes
#                                          rewritten)
#   $(PKGCONFIGDIR)/ccref.pc, ccref-oracle.pc
#   $(DATADIR)/ccref/vectors/*.json, SHA256SUMS, LICENSE; $(DATADIR)/ccref/spec/ (the whole specification: every spec/*.md, the two
#                                          JSON Schemas, the conformance figure and its data)
#   $(DATADIR)/ccref/tools/ccref_judge.py  the Python reference judge (spec/vectors.md section 10)
#   $(DATADIR)/ccref/created-directories  the directories install created (uninstall removes them when empty)
#   $(MANDIR)/man1/ccref.1
# The SONAME's major is CCREF_VERSION_MAJOR of src/ccref_version.h. The shared libraries export their public
# headers' functions only (version scripts generated from the headers by tools/export-map); tools/install-check
# verifies it.
#
# Failure: before copying anything, install creates and probes every target directory; an unwritable one stops it
# with that directory's name and nothing installed (the directories it created are removed). A failure while
# copying (disk full, a file where a directory must go) undoes that run only: the files and directories it created
# are removed and the files of an earlier install it had replaced are put back; nothing else is touched. `make uninstall` removes every file install can have written,
# whatever the version (libccref.so.*), so a partial install never outlives it; it removes the ccref-owned
# directories (include/ccref, share/ccref) and, when empty, the directories an install created (a standard directory
# that existed before, or holds other files, stays).

PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
MANDIR       ?= $(DATADIR)/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
# Run after install and uninstall when installing for real (no DESTDIR) as root; `make install LDCONFIG=` skips.
LDCONFIG     ?= ldconfig

ccref_version_field = $(shell sed -n 's/^\#define CCREF_VERSION_$(1)  *\([0-9][0-9]*\).*/\1/p' src/ccref_version.h)
CCREF_MAJOR   := $(call ccref_version_field,MAJOR)
CCREF_VERSION := $(CCREF_MAJOR).$(call ccref_version_field,MINOR).$(call ccref_version_field,PATCH)

# ---- position-independent objects and the shared libraries (the CFLAGS of the top Makefile, plus -fPIC)
PIC_DIR        := $(BUILD)/pic
PIC_LIB_OBJ    := $(LIB_SRC:src/%.c=$(PIC_DIR)/src/%.o)
PIC_ORACLE_OBJ := $(ORACLE_SRC:oracle/%.c=$(PIC_DIR)/oracle/%.o) $(ORACLE_FIRST_SRC:oracle/%.c=$(PIC_DIR)/oracle/first/%.o)
SO_DIR         := $(BUILD)/lib
LIBCCREF_SO    := libccref.so.$(CCREF_VERSION)
LIBORACLE_SO   := libccref-oracle.so.$(CCREF_VERSION)
# -z defs: every symbol resolved at link time (each library names what it needs).
SO_LDFLAGS      = -shared -Wl,-z,defs $(LDFLAGS)

$(PIC_DIR)/src/%.o: src/%.c $(HDRS) | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c $< -o $@

$(PIC_DIR)/oracle/%.o: oracle/%.c $(HDRS) | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c $< -o $@

$(PIC_DIR)/oracle/first/%.o: oracle/%.c $(HDRS) | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC $(FIRST_STAGE_CFLAGS) -c $< -o $@

# The version scripts: each library exports exactly the functions its public headers declare (tools/export-map).
PUBLIC_HDRS := ccref.h ccref_kinds.h ccref_unilateral.h ccref_outputs.h ccref_bounds.h ccref_tiers.h ccref_handle.h ccref_version.h
MAP_DIR     := $(BUILD)/pkg
$(MAP_DIR)/libccref.map: tools/export-map $(PUBLIC_HDRS:%=src/%)
	@mkdir -p $(dir $@)
	CC="$(CC)" tools/export-map libccref $(PUBLIC_HDRS:%=src/%) > $@.tmp && mv $@.tmp $@
$(MAP_DIR)/libccref-oracle.map: tools/export-map oracle/oracle.h $(PUBLIC_HDRS:%=src/%)
	@mkdir -p $(dir $@)
	CC="$(CC)" tools/export-map libccref-oracle oracle/oracle.h > $@.tmp && mv $@.tmp $@

$(SO_DIR)/$(LIBCCREF_SO): $(PIC_LIB_OBJ) $(MAP_DIR)/libccref.map
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SO_LDFLAGS) -Wl,-soname,libccref.so.$(CCREF_MAJOR) -Wl,--version-script=$(MAP_DIR)/libccref.map \
	    -o $@ $(PIC_LIB_OBJ) -lm

# The oracle links libccref.so (the kernels' public functions it calls) by its SONAME.
$(SO_DIR)/$(LIBORACLE_SO): $(PIC_ORACLE_OBJ) $(SO_DIR)/$(LIBCCREF_SO) $(MAP_DIR)/libccref-oracle.map
	$(CC) $(CFLAGS) $(SO_LDFLAGS) -Wl,-soname,libccref-oracle.so.$(CCREF_MAJOR) \
	    -Wl,--version-script=$(MAP_DIR)/libccref-oracle.map -o $@ $(PIC_ORACLE_OBJ) $(SO_DIR)/$(LIBCCREF_SO) \
	    $(MPFI_LDLIBS) -lm

.PHONY: shared-libs
shared-libs: $(SO_DIR)/$(LIBCCREF_SO) $(SO_DIR)/$(LIBORACLE_SO) ## the shared libraries, in build/lib/

# ---- the installed static archives: each one relocatable object (ld -r) whose symbols other than the public
# functions (the names of its version script) are made local, so that a static link sees the same names as the shared
# library, and an engine's own iv_add or acc_mul cannot clash with an internal helper.
AR_DIR := $(BUILD)/archive
$(AR_DIR)/%.syms: $(MAP_DIR)/%.map
	@mkdir -p $(dir $@)
	sed -n 's/^ *\([A-Za-z_][A-Za-z0-9_]*\);$$/\1/p' $< > $@
$(AR_DIR)/libccref.a: $(LIB_OBJ) $(AR_DIR)/libccref.syms
	$(LD) -r -o $(AR_DIR)/libccref.o $(LIB_OBJ)
	objcopy --keep-global-symbols=$(AR_DIR)/libccref.syms $(AR_DIR)/libccref.o
	rm -f $@ && ar rcs $@ $(AR_DIR)/libccref.o
$(AR_DIR)/libccref-oracle.a: $(ORACLE_OBJ) $(AR_DIR)/libccref-oracle.syms
	$(LD) -r -o $(AR_DIR)/libccref-oracle.o $(ORACLE_OBJ)
	objcopy --keep-global-symbols=$(AR_DIR)/libccref-oracle.syms $(AR_DIR)/libccref-oracle.o
	rm -f $@ && ar rcs $@ $(AR_DIR)/libccref-oracle.o

# ---- the staging tree: every file as it will be installed, one subdirectory per target directory
STAGE := $(BUILD)/stage
VECTOR_FILES := $(wildcard vectors/*.json) vectors/SHA256SUMS vectors/LICENSE
# The whole specification: vectors.md points to the conventions, the accuracy, the constraint files and the schemas.
SPEC_FILES := $(wildcard spec/*.md spec/*.json) spec/conformance.png $(wildcard spec/conformance-data/*)
STAGED := $(STAGE)/bin/ccref $(STAGE)/share/ccref/tools/ccref_judge.py \
    $(STAGE)/lib/$(LIBCCREF_SO) $(STAGE)/lib/libccref.a $(STAGE)/lib/$(LIBORACLE_SO) $(STAGE)/lib/libccref-oracle.a \
    $(PUBLIC_HDRS:%=$(STAGE)/include/ccref/%) $(STAGE)/include/ccref/oracle.h \
    $(VECTOR_FILES:%=$(STAGE)/share/ccref/%) $(SPEC_FILES:%=$(STAGE)/share/ccref/%)

$(STAGE)/bin/ccref: $(BUILD)/ccref
	@mkdir -p $(dir $@)
	cp $< $@
$(STAGE)/lib/%: $(SO_DIR)/%
	@mkdir -p $(dir $@)
	cp $< $@
$(STAGE)/lib/libccref.a: $(AR_DIR)/libccref.a
	@mkdir -p $(dir $@)
	cp $< $@
$(STAGE)/lib/libccref-oracle.a: $(AR_DIR)/libccref-oracle.a
	@mkdir -p $(dir $@)
	cp $< $@
$(STAGE)/include/ccref/%.h: src/%.h
	@mkdir -p $(dir $@)
	cp $< $@
# oracle.h reaches the kernels' headers as "../src/ccref.h"; installed, they sit beside it.
$(STAGE)/include/ccref/oracle.h: oracle/oracle.h
	@mkdir -p $(dir $@)
	sed 's|^#include "\.\./src/\([a-z_]*\.h\)"|#include "\1"|' $< > $@.tmp
	@if grep -n '^#include "\.\.' $@.tmp >&2; then \
	    echo "install: oracle/oracle.h: include line(s) above not rewritten" >&2; rm -f $@.tmp; exit 1; fi
	mv $@.tmp $@
$(STAGE)/share/ccref/%: %
	@mkdir -p $(dir $@)
	cp $< $@
# The .pc files and the man page's FILES section name the final directories (the .pc files relative to ${prefix}
# where they are under it), so every `make install` writes them, with its PREFIX.
pc_dir = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
pc_subst = sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(call pc_dir,$(LIBDIR))|' \
    -e 's|@INCLUDEDIR@|$(call pc_dir,$(INCLUDEDIR))|' -e 's|@DATADIR@|$(call pc_dir,$(DATADIR))|' \
    -e 's|@VERSION@|$(CCREF_VERSION)|'

# Staged subdirectory -> installed directory.
INSTALL_MAP := bin:$(BINDIR) lib:$(LIBDIR) pkgconfig:$(PKGCONFIGDIR) include:$(INCLUDEDIR) share:$(DATADIR) \
    man1:$(MANDIR)/man1

# Everything install can write, with the installed directories (the same list for uninstall and for the rollback
# of a failed install). Globs cover another version's library files.
INSTALLED_FILES := $(DESTDIR)$(BINDIR)/ccref \
    $(foreach l,libccref libccref-oracle,$(DESTDIR)$(LIBDIR)/$(l).so $(DESTDIR)$(LIBDIR)/$(l).so.[0-9]* \
        $(DESTDIR)$(LIBDIR)/$(l).a) \
    $(DESTDIR)$(PKGCONFIGDIR)/ccref.pc $(DESTDIR)$(PKGCONFIGDIR)/ccref-oracle.pc $(DESTDIR)$(MANDIR)/man1/ccref.1
INSTALLED_DIRS := $(DESTDIR)$(INCLUDEDIR)/ccref $(DESTDIR)$(DATADIR)/ccref
remove_installed = rm -f $(INSTALLED_FILES) && rm -rf $(INSTALLED_DIRS)
# Only for a library directory the dynamic linker searches (a system one, or one named in /etc/ld.so.conf*): for any
# other prefix the cache would not change, and the system's is not rewritten for nothing.
run_ldconfig = if [ -z "$(DESTDIR)" ] && [ -n "$(LDCONFIG)" ] && [ "$$(id -u)" = 0 ] && \
    command -v $(LDCONFIG) >/dev/null 2>&1 && { case "$(LIBDIR)" in /lib|/usr/lib|/lib64|/usr/lib64) true ;; \
    *) cat /etc/ld.so.conf /etc/ld.so.conf.d/*.conf 2>/dev/null | grep -qxF "$(LIBDIR)" ;; esac; }; then \
    $(LDCONFIG) || true; fi

.PHONY: install uninstall install-stage man-lint
install-stage: $(STAGED) ## every installed file staged under build/stage/
	@mkdir -p $(STAGE)/pkgconfig
	@$(pc_subst) pkg/ccref.pc.in > $(STAGE)/pkgconfig/ccref.pc
	@$(pc_subst) pkg/ccref-oracle.pc.in > $(STAGE)/pkgconfig/ccref-oracle.pc
	@mkdir -p $(STAGE)/man1
	@sed 's|/usr/local/share/ccref|$(DATADIR)/ccref|g' man/ccref.1 > $(STAGE)/man1/ccref.1
	@cd $(STAGE)/lib && ln -sf $(LIBCCREF_SO) libccref.so.$(CCREF_MAJOR) && ln -sf $(LIBCCREF_SO) libccref.so && \
	    ln -sf $(LIBORACLE_SO) libccref-oracle.so.$(CCREF_MAJOR) && ln -sf $(LIBORACLE_SO) libccref-oracle.so

# Every staged file, as <staged subdirectory>/<path>, the .pc files and the library symlinks included. (The list,
# not the staging tree, says what is installed: a file left in $(STAGE) by another version is not.)
STAGED_REL := $(STAGED:$(STAGE)/%=%) pkgconfig/ccref.pc pkgconfig/ccref-oracle.pc man1/ccref.1 \
    lib/libccref.so.$(CCREF_MAJOR) lib/libccref.so lib/libccref-oracle.so.$(CCREF_MAJOR) lib/libccref-oracle.so

# 1. Create every target directory that is missing (remembering which) and write a probe file into it: on failure,
#    name the directory, remove the directories just created, stop. 2. Copy the staged files (regular files with
#    install: a new inode, so a running program keeps its old library; mode 755 in bin, else 644 as Debian wants
#    for shared libraries; symlinks as symlinks). A file already there (an earlier install) is first renamed to
#    <name>.ccref-prev. On a failure (a disk full, a file where a directory must go) the run undoes exactly what it
#    did: removes the files and directories it created and renames the earlier files back; nothing it did not write
#    is touched. On success the earlier files are removed. 3. ldconfig.
install: install-stage ## install under PREFIX (and DESTDIR): the tool, libraries, headers, pkg-config, man page, vectors
	@created=""; \
	fail() { echo "install: $$1; nothing installed" >&2; for c in $$created; do rmdir "$$c" 2>/dev/null; done; exit 1; }; \
	for pair in $(INSTALL_MAP); do \
	    dir="$(DESTDIR)$${pair#*:}"; missing=""; p="$$dir"; \
	    while [ ! -d "$$p" ]; do missing="$$p $$missing"; p=$$(dirname "$$p"); done; \
	    for m in $$missing; do \
	        err=$$(mkdir "$$m" 2>&1) || fail "cannot create $$dir ($$err)"; \
	        created="$$m $$created"; \
	    done; \
	    probe="$$dir/.ccref-install-probe.$$$$"; \
	    touch "$$probe" 2>/dev/null && rm -f "$$probe" || fail "cannot write to directory $$dir"; \
	done; \
	echo "install: ccref $(CCREF_VERSION) into $(DESTDIR)$(PREFIX)"; \
	status=0; written=""; kept=""; why=""; \
	for pair in $(INSTALL_MAP); do \
	    sub="$${pair%%:*}"; dir="$(DESTDIR)$${pair#*:}"; mode=644; [ "$$sub" = bin ] && mode=755; \
	    for rel in $(STAGED_REL); do \
	        case "$$rel" in "$$sub"/*) ;; *) continue ;; esac; \
	        src="$(STAGE)/$$rel"; dst="$$dir/$${rel#*/}"; \
	        missing=""; p=$$(dirname "$$dst"); \
	        while [ ! -d "$$p" ]; do missing="$$p $$missing"; p=$$(dirname "$$p"); done; \
	        for m in $$missing; do \
	            why=$$(mkdir "$$m" 2>&1) || { status=1; break; }; created="$$m $$created"; \
	        done; \
	        if [ $$status = 0 ] && { [ -e "$$dst" ] || [ -L "$$dst" ]; }; then \
	            if [ -d "$$dst" ] && [ ! -L "$$dst" ]; then why="$$dst is a directory"; status=1; \
	            else why=$$(mv -f "$$dst" "$$dst.ccref-prev" 2>&1) && kept="$$dst $$kept" || status=1; fi; \
	        fi; \
	        if [ $$status = 0 ]; then \
	            if [ -L "$$src" ]; then why=$$(ln -s "$$(readlink "$$src")" "$$dst" 2>&1) || status=1; \
	            else why=$$(install -m $$mode "$$src" "$$dst" 2>&1) || status=1; fi; \
	            [ $$status = 0 ] && written="$$dst $$written"; \
	        fi; \
	        [ $$status = 0 ] || break 2; \
	        echo "  $$dst"; \
	    done; \
	done; \
	if [ $$status != 0 ]; then \
	    echo "install: copying failed ($$why); undoing this run: its files removed, earlier files restored" >&2; \
	    for w in $$written; do rm -f "$$w"; done; \
	    for k in $$kept; do mv -f "$$k.ccref-prev" "$$k"; done; \
	    for c in $$created; do rmdir "$$c" 2>/dev/null; done; exit 1; \
	fi; \
	for k in $$kept; do rm -f "$$k.ccref-prev"; done; \
	record="$(DESTDIR)$(DATADIR)/ccref/created-directories"; \
	{ cat "$$record" 2>/dev/null; for c in $$created; do echo "$$c"; done; } | LC_ALL=C sort -u -r > "$$record.new" && \
	    mv -f "$$record.new" "$$record"; \
	$(run_ldconfig)

# The directories install created (share/ccref/created-directories, deepest first) are removed when empty.
uninstall: ## remove what make install wrote, with the same PREFIX and DESTDIR, and the directories it created
	@echo "uninstall: ccref from $(DESTDIR)$(PREFIX)"
	@for f in $(INSTALLED_FILES) $(INSTALLED_DIRS); do \
	    if [ -e "$$f" ] || [ -L "$$f" ]; then echo "  rm $$f"; fi; done
	@created=$$(cat "$(DESTDIR)$(DATADIR)/ccref/created-directories" 2>/dev/null); \
	$(remove_installed) && \
	for c in $$created; do if rmdir "$$c" 2>/dev/null; then echo "  rmdir $$c"; fi; done
	@$(run_ldconfig)

# mandoc (tools/ensure-deps install) checks the man page. -W warning: below it (style) the page is clean too, but
# mandoc 1.14.6 adds "outdated mandoc.db lacks strtod(3) entry" notes when the system has no mandoc.db (Debian's
# man-db does not make one).
man-lint: ## the man page checked with mandoc -T lint
	@tools/ensure-deps install
	mandoc -Tlint -W warning man/ccref.1
