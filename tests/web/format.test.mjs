import { test } from "node:test";
import assert from "node:assert/strict";
import { clockText, sharedRanks, signed } from "../../src/wordarena/web/format.js";

test("formats", () => {
  assert.equal(signed(11), "+11");
  assert.equal(signed(-4), "-4");
  assert.equal(signed(0), "±0");
  assert.equal(clockText(75_000), "1:15");
  assert.equal(clockText(100), "0:01");
  assert.deepEqual(sharedRanks([50, 40, 40, 10]), [1, 2, 2, 4]);
});

test("the rating chart goes through every rating, left to right", async () => {
  const { chartGeometry } = await import("../../src/wordarena/web/chart.js");
  const { dots, min, max } = chartGeometry([1000, 1025, 1007], { width: 100, height: 50, pad: 10 });
  assert.equal(min, 1000);
  assert.equal(max, 1025);
  assert.deepEqual(dots.map((d) => d.x), [10, 50, 90]);
  assert.ok(dots[1].y < dots[2].y && dots[2].y < dots[0].y); // higher rating, higher on screen
  assert.equal(chartGeometry([]).points, "");
});
