import { describe, expect, it } from 'vitest'
import { IpAllocator } from './ip-allocator'

describe('IpAllocator (host-local IPAM on a bridge)', () => {
  it('hands out .2, .3, … from the podCIDR', () => {
    const ips = new IpAllocator('10.244.1.0/24')
    expect([ips.allocate(), ips.allocate(), ips.allocate()]).toEqual([
      '10.244.1.2',
      '10.244.1.3',
      '10.244.1.4',
    ])
  })

  it('reuses a released address only after wrapping around', () => {
    const ips = new IpAllocator('10.0.0.0/29') // .2 … .6
    expect([ips.allocate(), ips.allocate()]).toEqual(['10.0.0.2', '10.0.0.3'])
    ips.release('10.0.0.2')
    expect([ips.allocate(), ips.allocate(), ips.allocate(), ips.allocate()]).toEqual([
      '10.0.0.4',
      '10.0.0.5',
      '10.0.0.6',
      '10.0.0.2',
    ])
    expect(ips.allocate()).toBeUndefined()
  })

  it('reserves the addresses of Pods that ran before the scenario, and goes on after them', () => {
    const ips = new IpAllocator('10.244.1.0/24')
    ips.reserve('10.244.1.7')
    ips.reserve('10.244.1.3')
    ips.reserve('192.168.1.10') // a hostNetwork Pod's: not from this range
    expect(ips.contains('10.244.1.3')).toBe(true)
    expect(ips.contains('192.168.1.10')).toBe(false)
    expect([ips.allocate(), ips.allocate()]).toEqual(['10.244.1.8', '10.244.1.9'])
  })
})
