#include "util/ordered_pool.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace scarney;

namespace {

// Tasks take uneven times so that they finish out of order.
void uneven_sleep(uint64_t t) {
  std::this_thread::sleep_for(std::chrono::microseconds((t * 7919) % 500));
}

}  // namespace

TEST_CASE("ordered pool: results are consumed in task order", "[pool]") {
  for (int threads : {1, 3, 8}) {
    OrderedPoolOptions o;
    o.tasks = 200;
    o.threads = threads;
    o.window = threads == 3 ? 4 : 0;
    OrderedPool<uint64_t> pool(o);
    std::vector<uint64_t> seen;
    int finished_ticks = 0;
    const uint64_t n = pool.run(
        [] {
          return [](uint64_t t) {
            uneven_sleep(t);
            return t * t;
          };
        },
        [&](uint64_t t, uint64_t&& r) {
          CHECK(r == t * t);
          seen.push_back(t);
          return true;
        },
        [&](bool done) { finished_ticks += done; });
    CHECK(n == 200);
    CHECK(finished_ticks == 1);
    REQUIRE(seen.size() == 200);
    for (uint64_t i = 0; i < seen.size(); ++i) CHECK(seen[i] == i);
  }
}

TEST_CASE("ordered pool: the window bounds how far tasks run ahead", "[pool]") {
  OrderedPoolOptions o;
  o.tasks = 100;
  o.threads = 4;
  o.window = 5;
  OrderedPool<int> pool(o);
  std::atomic<uint64_t> consumed{0}, worst{0};
  pool.run(
      [&] {
        return [&](uint64_t t) {
          const uint64_t ahead = t - consumed.load();
          for (uint64_t w = worst; ahead > w && !worst.compare_exchange_weak(w, ahead);) {
          }
          uneven_sleep(t);
          return 0;
        };
      },
      [&](uint64_t, int&&) {
        ++consumed;
        return true;
      },
      [](bool) {});
  CHECK(consumed == 100);
  CHECK(worst < 5);
}

TEST_CASE("ordered pool: a stop ends the run with a prefix consumed", "[pool]") {
  std::atomic<bool> stop{false};
  OrderedPoolOptions o;
  o.tasks = 100000;
  o.threads = 4;
  o.window = 16;
  o.stop = &stop;
  o.tick = std::chrono::milliseconds(5);
  OrderedPool<uint64_t> pool(o);
  uint64_t expected = 0;
  const uint64_t n = pool.run(
      [] {
        return [](uint64_t t) {
          uneven_sleep(t);
          return t;
        };
      },
      [&](uint64_t t, uint64_t&& r) {
        CHECK(t == expected);
        CHECK(r == expected);
        ++expected;
        if (t == 50) stop = true;
        return true;
      },
      [](bool) {});
  CHECK(n == expected);
  CHECK(n > 50);
  CHECK(n < 100000);
  CHECK(pool.stopping());
}

TEST_CASE("ordered pool: the consumer ends the run by returning false", "[pool]") {
  OrderedPoolOptions o;
  o.tasks = 1000;
  o.threads = 3;
  OrderedPool<int> pool(o);
  const uint64_t n = pool.run([] { return [](uint64_t) { return 1; }; },
                              [](uint64_t t, int&&) { return t < 9; }, [](bool) {});
  CHECK(n == 10);
}

TEST_CASE("ordered pool: an exception in a task is rethrown", "[pool]") {
  OrderedPoolOptions o;
  o.tasks = 1000;
  o.threads = 4;
  OrderedPool<int> pool(o);
  CHECK_THROWS_AS(pool.run(
                      [] {
                        return [](uint64_t t) {
                          if (t == 37) throw std::runtime_error("task 37");
                          return 0;
                        };
                      },
                      [](uint64_t, int&&) { return true; }, [](bool) {}),
                  std::runtime_error);
}
