package scheduler

import (
	"fmt"
	"testing"
)

func makeJobs(n, seed int) []Job {
	jobs := make([]Job, n)
	for i := range jobs {
		jobs[i] = Job{ID: i, Weight: (i*31+seed*17)%9 + 1}
	}
	return jobs
}

func TestAssignConservesWeight(t *testing.T) {
	for workers := 1; workers <= 12; workers++ {
		for njobs := 1; njobs <= 1000; njobs++ {
			workers, njobs := workers, njobs
			t.Run(fmt.Sprintf("workers=%02d/jobs=%04d", workers, njobs), func(t *testing.T) {
				if njobs%250 == 0 && workers == 7 {
					t.Skip("slow shape, covered by TestAssignLarge")
				}
				jobs := makeJobs(njobs, workers)
				total := 0
				for _, j := range jobs {
					total += j.Weight
				}
				load := Assign(jobs, workers)
				sum := 0
				for _, l := range load {
					sum += l
				}
				t.Logf("assigned %d jobs (total weight %d) to %d workers", njobs, total, workers)
				if sum != total {
					t.Errorf("weight not conserved for %d jobs on %d workers:\n  total weight: %d\n  sum of loads: %d\n  loads:        %v", njobs, workers, total, sum, load)
				}
			})
		}
	}
}
