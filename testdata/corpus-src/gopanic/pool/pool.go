// Package pool runs tasks on a fixed set of workers that share per-shard state.
package pool

import (
	"sync"
	"time"
)

// Task is a unit of work routed to a shard.
type Task struct {
	Shard int
	Value int
}

// Pool owns the workers and the shard counters.
type Pool struct {
	mu      sync.Mutex
	shards  []int
	tasks   chan Task
	results chan int
	idle    chan struct{}
	wg      sync.WaitGroup
}

// New starts n workers over the given number of shards.
func New(workers, shards int) *Pool {
	p := &Pool{
		shards:  make([]int, shards),
		tasks:   make(chan Task),
		results: make(chan int),
		idle:    make(chan struct{}),
	}
	for i := 0; i < workers; i++ {
		p.wg.Add(1)
		switch i % 3 {
		case 0:
			go p.worker(i)
		case 1:
			go p.waitIdle(i)
		default:
			go p.ticker(i)
		}
	}
	return p
}

func (p *Pool) worker(id int) {
	defer p.wg.Done()
	for t := range p.tasks {
		p.results <- p.dispatch(t)
	}
}

func (p *Pool) waitIdle(id int) {
	defer p.wg.Done()
	<-p.idle
}

func (p *Pool) ticker(id int) {
	defer p.wg.Done()
	for {
		select {
		case <-p.idle:
			return
		case <-time.After(time.Hour):
		}
	}
}

// dispatch applies a task to its shard.
func (p *Pool) dispatch(t Task) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.shards[t.Shard] += t.Value
	return p.shards[t.Shard]
}

// Submit sends a task and waits for its result.
func (p *Pool) Submit(t Task) int {
	p.tasks <- t
	return <-p.results
}
