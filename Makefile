# upcgo — build, test, benchmark.
GO        ?= go
STATICCHECK_VERSION ?= v0.8.2
PKGS      := ./...

.PHONY: build test test-long lint bench run clean

build:
	$(GO) build $(PKGS)

# The CI target: formatting, vet, staticcheck, and every test under -race.
test: lint
	$(GO) test -race -count=1 -timeout 15m $(PKGS)

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) $(PKGS)

# Longer runs: fuzzing the scanner, preprocessor and parser, and the
# runtime tests repeated.
test-long: test
	$(GO) test -race -count=5 ./runtime/...
	$(GO) test -run xxx -fuzz FuzzTokenize -fuzztime 60s ./parser/scan
	$(GO) test -run xxx -fuzz FuzzPreprocess -fuzztime 120s ./parser/cpp
	$(GO) test -run xxx -fuzz FuzzParse -fuzztime 120s ./parser

bench:
	$(GO) test -run xxx -bench . -benchtime 300ms -count 5 ./runtime/... | tee bench.txt

run:
	$(GO) run ./cmd/upcgo run -n 4 examples/hello.upc

clean:
	rm -f bench.txt
